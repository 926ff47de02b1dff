// nginx_test.mjs BIN CONF: `chesscubing serve` behind Debian's nginx, with
// the configuration the guide gives (docs/nginx/chesscubing-serve.conf),
// run as an instance of its own (its prefix, configuration, cache and pid
// in a temporary folder, as the user running the test, loopback only).
//
// A live stream through nginx: a move recorded reaches the client within
// 250 ms of its commit (nginx buffers nothing); the PGN feed cached by
// nginx as serve's Cache-Control says, and a client's If-None-Match
// answered 304 from nginx's cache. 77 when nginx is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve as serveDb, stop, ok, bad, conclude } from './serve_lib.mjs';

if (process.env.CC_CLAUSES === 'list') {
  console.log('CLAUSES: web_nginx none');
  process.exit(0);
}
const NGINX = process.env.CC_NGINX || '/usr/sbin/nginx';
if (!existsSync(NGINX)) {
  console.log(`${NGINX} is missing: install Debian's nginx (scripts/dev.sh test does it)`);
  process.exit(process.env.CI === 'true' ? 1 : 77);
}
const BIN = process.argv[2];
const CONF = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), 'cc-nginx-'));
chmodSync(dir, 0o755);
const DB = join(dir, 'nginx.db');
let nginx = null;
process.on('exit', () => { if (nginx && nginx.exitCode === null) nginx.kill('SIGTERM'); });

function run(args) {
  const r = spawnSync(BIN, args, { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3) throw new Error(`chesscubing ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
let scn = 0;
function script(lines, resume) {
  const file = join(dir, `s${++scn}.scn`);
  writeFileSync(file, lines.join('\n') + '\n');
  return run(['script', '--db', DB, ...(resume ? ['--resume', String(resume)] : []), file]);
}

function freePort() {
  return new Promise(resolve => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

// The guide's configuration, its addresses and cache folder made this
// test's, inside a main configuration of an instance of its own.
async function startNginx(upstreamPort) {
  const port = await freePort();
  const site = readFileSync(CONF, 'utf8')
    .replace(/\/var\/cache\/nginx\/chesscubing/g, join(dir, 'cache'))
    .replace(/server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${upstreamPort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map(t => `${t}_temp_path ${join(dir, t + '_temp')};`).join('\n  ');
  writeFileSync(join(dir, 'nginx.conf'), `${process.getuid && process.getuid() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp}
  include ${join(dir, 'site.conf')};
}
`);
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try { await fetch(base + 'favicon.svg'); return base; } catch { await new Promise(r => setTimeout(r, 50)); }
  }
  throw new Error('nginx did not answer: ' + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''));
}

// The frames of an SSE stream, each handed to onFrame as it arrives.
async function follow(url, onFrame, signal) {
  const r = await fetch(url, { signal });
  const reader = r.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block.split('\n').filter(l => l.startsWith('data: ')).map(l => l.slice(6)).join('\n');
          if (data) onFrame(JSON.parse(data));
        }
      }
    } catch { /* aborted */ }
  })();
  return r;
}

async function main() {
  const SETTINGS = 'settings format=twice category=fast white=Ana black=Bo record=moves';
  const id = script([SETTINGS, '0 start', '1000 move w e4']).match_id;
  const { port, child } = await serveDb(BIN, DB, ['--max-per-address', '4096']);
  const base = await startNginx(port);

  // ---- a live stream through nginx -----------------------------------------------------
  const ctl = new AbortController();
  let last = null;
  const arrivals = [];
  const r = await follow(base + `match/${id}/events`, f => {
    last = f;
    const c = f.board && f.board.commit_wall_ms;
    if (c && !arrivals.some(a => a.commit === c)) arrivals.push({ commit: c, at: Date.now(), plies: f.board.state.plies });
  }, ctl.signal);
  if (r.status === 200 && /event-stream/.test(r.headers.get('content-type'))) ok('a live stream through nginx');
  else bad('stream: ' + r.status);
  const wait = async (fn, ms) => { const t0 = Date.now(); while (Date.now() - t0 < ms) { if (fn()) return true; await new Promise(x => setTimeout(x, 10)); } return false; };
  await wait(() => last, 5000);
  const lines = ['2000 move b e5', '3000 move w Nf3', '4000 move b Nc6'];
  let prev = 1000;
  const delays = [];
  for (const line of lines) {
    const before = arrivals.length;
    script([SETTINGS, `${prev} resume`, line], id);
    prev = Number(line.split(' ')[0]);
    if (!await wait(() => arrivals.length > before && arrivals[arrivals.length - 1].plies > 0, 5000)) { bad('no frame for ' + line); continue; }
    const a = arrivals[arrivals.length - 1];
    delays.push(a.at - a.commit);
  }
  ctl.abort();
  const sorted = [...delays].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (delays.length === 3 && median <= 250)
    ok(`a move reached the client through nginx ${median} ms after its commit (median of ${delays.join(', ')} ms)`);
  else bad(`moves through nginx: ${delays.join(', ')} ms after their commit`);

  // ---- the feed cached by nginx, 304 from its cache ------------------------------------
  const feed = base + `match/${id}.pgn`;
  const first = await fetch(feed);
  const etag = first.headers.get('etag');
  await first.text();
  const second = await fetch(feed);
  await second.text();
  const cond = await fetch(feed, { headers: { 'If-None-Match': etag } });
  await cond.text();
  const cc = first.headers.get('cache-control');
  if (second.headers.get('x-cache-status') === 'HIT' && /max-age=1/.test(cc))
    ok(`the feed cached by nginx as serve says (${cc}): the second poll a ${second.headers.get('x-cache-status')}`);
  else bad(`feed cache: ${first.headers.get('x-cache-status')}, ${second.headers.get('x-cache-status')}, ${cc}`);
  if (cond.status === 304 && cond.headers.get('x-cache-status') === 'HIT' && cond.headers.get('etag') === etag)
    ok('If-None-Match answered 304 from nginx\'s cache, with serve\'s ETag');
  else bad(`conditional: ${cond.status} ${cond.headers.get('x-cache-status')} ${cond.headers.get('etag')} (sent ${etag})`);
  // once stale, nginx asks serve again with its ETag: still the same feed
  await new Promise(x => setTimeout(x, 2500));
  const later = await fetch(feed);
  await later.text();
  if (later.status === 200 && ['REVALIDATED', 'EXPIRED'].includes(later.headers.get('x-cache-status')))
    ok(`after max-age, nginx asks serve again (${later.headers.get('x-cache-status')})`);
  else bad(`after max-age: ${later.status} ${later.headers.get('x-cache-status')}`);
  const page = await fetch(base + `match/${id}`);
  await page.text();
  if (page.headers.get('x-cache-status') !== 'HIT') ok('the page (no-cache) is asked of serve every time'); else bad('the page was cached');

  nginx.kill('SIGTERM');
  await new Promise(x => nginx.on('exit', x));
  await stop(child);
}

await conclude(dir, main);
