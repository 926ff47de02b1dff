// bench_serve.mjs BIN: figures of `chesscubing serve` for docs/performance.md
// (a benchmark, not a test: run by scripts/bench_serve.sh).
//
//   latency   a match recorded step by step (`script --db --resume`, one
//             step every STEP_MS) while headless Chromium shows it: from the
//             commit (the record's commit time) to the frame drawn on the
//             page, median and 99th percentile
//   cpu       serve's CPU (utime + stime of /proc/PID/stat) over WINDOW_S:
//             idle (nobody watching), one viewer of a running match, 100
//             and 1,000 SSE viewers of it on loopback (a load generator
//             that stops by itself), and its memory per viewer (RSS)
//   checks    2,000 SSE connections at once: the server stays up, the
//             excess is refused with 503; a POST gets 405; If-None-Match on
//             an unchanged event PGN gets 304
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { chromium } = await import(new URL('../tests/web/node_modules/playwright-core/index.mjs', import.meta.url));
const BIN = process.argv[2];
const STEPS = Number(process.env.STEPS || 100);
const STEP_MS = Number(process.env.STEP_MS || 300);
const WINDOW_S = Number(process.env.WINDOW_S || 20);
const dir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
const DB = join(dir, 'bench.db');
const sleep = ms => new Promise(r => setTimeout(r, ms));

function run(args) {
  const r = spawnSync(BIN, args, { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
let n = 0;
function script(lines, resume) {
  const file = join(dir, `s${n++ % 4}.scn`);
  writeFileSync(file, lines.join('\n') + '\n');
  return JSON.parse(run(['script', '--db', DB, ...(resume ? ['--resume', String(resume)] : []), file]));
}

// A Twice match that never ends: each step is what the state asks next.
const SETTINGS = 'settings format=twice category=fast white=Alice black=Bruno';
let t = 0, state = null, id = 0;
function nextStep() {
  t += 1000;
  let line;
  if (state.phase === 'cube') line = state.cube.white_cs === null ? 'cube w 20.00' : 'cube b 21.00';
  else if (!state.block_started) line = 'start';
  else line = 'move ' + state.to_move[0];
  state = script([SETTINGS, `${t} resume`, `${t} ${line}`], id);
}

function cpuTicks(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
}
function rssKb(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
}
const HZ = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

// Serve's CPU share of one core over the window, while busy() runs.
async function cpuOver(pid, seconds, busy) {
  const c0 = cpuTicks(pid), t0 = performance.now();
  let stop = false;
  const work = busy ? (async () => { while (!stop) { nextStep(); await sleep(STEP_MS); } })() : null;
  await sleep(seconds * 1000);
  stop = true;
  if (work) await work;
  return (100 * (cpuTicks(pid) - c0) / HZ) / ((performance.now() - t0) / 1000);
}

function serve(extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--db', DB, '--listen', '127.0.0.1:0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', d => {
      const m = String(d).match(/serving http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on('error', reject);
  });
}

// N raw SSE connections; resolves with the count of each status once all answered.
function viewers(port, count, path) {
  const sockets = [];
  const statuses = {};
  let answered = 0;
  return new Promise(resolve => {
    for (let i = 0; i < count; i++) {
      const s = net.connect(port, '127.0.0.1');
      sockets.push(s);
      let head = '';
      s.on('connect', () => s.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`));
      s.on('data', d => {
        if (head === null) return;
        head += d;
        const m = head.match(/^HTTP\/1\.1 (\d+)/);
        if (m) {
          statuses[m[1]] = (statuses[m[1]] || 0) + 1;
          head = null;
          if (++answered === count) resolve({ sockets, statuses });
        }
      });
      s.on('error', () => { statuses.error = (statuses.error || 0) + 1; if (++answered === count) resolve({ sockets, statuses }); });
    }
  });
}
const close = v => v.sockets.forEach(s => s.destroy());

function pct(list, p) {
  const s = list.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p / 100 * s.length) - 1)];
}

async function main() {
  state = script([SETTINGS, '0 start']);
  id = state.match_id;
  for (const p of ['Anne', 'Chloé', 'Dmitri']) run(['players', '--db', DB, 'add', p]);
  run(['event', '--db', DB, 'create', 'Bench', '--players', 'Anne,Bruno,Chloé,Dmitri']);
  script(['settings format=twice category=fast white=Anne black=Dmitri event=Bench', '0 start', '1000 resign b']);
  const { port, child } = await serve(['--max-viewers', '1024']);
  const pid = child.pid;
  const base = `http://127.0.0.1:${port}/`;
  const out = {};

  out.idle_cpu = await cpuOver(pid, WINDOW_S, false);
  out.rss_idle_kb = rssKb(pid);

  // Latency: the page open, one step every STEP_MS.
  const ctx = await chromium.launchPersistentContext(mkdtempSync(join(dir, 'profile-')), {
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const page = await ctx.newPage();
  await page.goto(base + 'match/' + id);
  while (!(await page.evaluate(() => window.ccFrames))) await sleep(50);
  const skip = await page.evaluate(() => (window.ccLatencies || []).length);
  for (let i = 0; i < STEPS; i++) {
    nextStep();
    await sleep(STEP_MS);
  }
  await sleep(500);
  const lat = (await page.evaluate(() => window.ccLatencies || [])).slice(skip);
  out.latency_samples = lat.length;
  out.latency_median_ms = pct(lat, 50);
  out.latency_p99_ms = pct(lat, 99);
  out.latency_max_ms = Math.max(...lat);

  out.one_viewer_running_cpu = await cpuOver(pid, WINDOW_S, true);
  await ctx.close();

  for (const count of [100, 1000]) {
    const v = await viewers(port, count, `/match/${id}/events`);
    await sleep(1000);
    out[`rss_${count}_kb`] = rssKb(pid);
    out[`viewers_${count}_status`] = v.statuses;
    out[`viewers_${count}_running_cpu`] = await cpuOver(pid, WINDOW_S, true);
    close(v);
    await sleep(2000); // the server finds them gone at its next sweep (1 s)
  }
  out.memory_per_viewer_kb = (out.rss_1000_kb - out.rss_idle_kb) / 1000;

  // 2,000 at once against the default limit.
  const many = await viewers(port, 2000, `/match/${id}/events`);
  out.viewers_2000_status = many.statuses;
  const alive = await fetch(base + 'match/' + id + '.pgn');
  out.up_with_2000 = alive.status;
  close(many);
  out.post = (await fetch(base, { method: 'POST', body: 'x' })).status;
  const pgn = await fetch(base + 'event/Bench.pgn');
  out.event_pgn_304 = (await fetch(base + 'event/Bench.pgn', { headers: { 'If-None-Match': pgn.headers.get('etag') } })).status;

  child.kill('SIGTERM');
  await new Promise(r => child.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
  for (const [k, v] of Object.entries(out))
    console.log(k.padEnd(28), typeof v === 'number' ? Number(v.toFixed(3)) : JSON.stringify(v));
}

main().catch(e => { console.error(e); process.exit(1); });
