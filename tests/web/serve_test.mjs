// serve_test.mjs BIN ARTIFACTS: `chesscubing serve` in a real browser.
//
// Headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
// Matches are recorded step by step with `chesscubing script --db FILE
// --resume ID` while the page is open; after each step the page must show
// what the step changed (a move, the clocks, the phase, the cube number, the
// result). Every wait is on a state, with a generous timeout that is a
// failure (STEP_MS): the test never depends on the machine's speed; the
// real commit-to-screen latency is measured by scripts/bench_serve.sh.
// Screenshots at a phone's and a projector's size go to ARTIFACTS.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';

if (process.env.CC_CLAUSES === 'list') { // rules_selfcheck: no rule clause here
  console.log('CLAUSES: web_browser RE-1.4 RU-18 SM-6.1 SM-6.2 RE-10.1');
  process.exit(0);
}
// Missing tools skip (77), as the tmux tests do, unless CI says they must be there.
function missing(what) {
  console.log(`${what} is missing: run scripts/dev.sh test (it installs chromium and runs npm ci in tests/web)`);
  process.exit(process.env.CI === 'true' ? 1 : 77);
}
const chromium = await import('playwright-core').then(m => m.chromium, () => missing('playwright-core'));

const BIN = process.argv[2];
const ARTIFACTS = process.argv[3] || join(process.cwd(), 'web-artifacts');
const TIMERS_PUBLISH = process.argv[4]; // tests/timers_publish.c: timers as a console publishes them
const HOLD = process.argv[5]; // tests/hold_matches.c: matches held as consoles hold them (the wall)
const ONLY = process.env.CC_WEB_ONLY; // "wall": only the wall and the accessibility checks (a developer's shortcut)
const STEP_MS = 5000; // a step not on screen after this long is a failure
const CHROMIUM = process.env.CC_CHROMIUM || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) missing(CHROMIUM);
const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1920, height: 1080 };

const dir = mkdtempSync(join(tmpdir(), 'cc-web-'));
mkdirSync(ARTIFACTS, { recursive: true });
const DB = join(dir, 'web.db');
let passed = 0, failed = 0;
const children = [];
// However the test ends (a closed pipe too), no server outlives it.
process.on('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); });

function ok(what) { passed++; console.log('ok: ' + what); }
function bad(what) { failed++; console.log('FAIL: ' + what); }

// ---- the program --------------------------------------------------------------

function run(args, input) {
  const r = spawnSync(BIN, args, { input, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3)
    throw new Error(`chesscubing ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

let scnCount = 0;
function scenario(text) {
  const file = join(dir, `s${++scnCount}.scn`);
  writeFileSync(file, text);
  return file;
}

// A new match; returns its final state (with match_id).
function record(settings, lines = []) {
  return JSON.parse(run(['script', '--db', DB, scenario([settings, ...lines].join('\n') + '\n')]));
}

// One more step of match id: its state after the step. A match resumed in
// a running block comes back paused (RU-18): the step resumes it 700 ms
// before its event, so the clocks run between steps (a refused resume, when
// nothing was paused, changes nothing).
function step(id, settings, line) {
  const t = Number(line.split(' ')[0]);
  const resume = /format=uno/.test(settings) ? '' : `${Math.max(t - 700, 0)} resume\n`; // Chess-Uno has no clock
  const state = JSON.parse(run(['script', '--db', DB, '--resume', String(id),
    scenario(`${settings}\n${resume}${line}\n`)]));
  const refused = (state.errors || []).filter(e => e.code !== 'not_paused');
  if (refused.length) bad(`step ${line}: refused ${JSON.stringify(refused)}`);
  return state;
}

// Starts `serve` on a free port; resolves with its base URL.
function serve(db, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--db', db, '--listen', '127.0.0.1:0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', d => {
      out += d;
      const m = out.match(/serving (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve({ url: m[1], child });
    });
    child.on('exit', code => reject(new Error('serve exited ' + code + ': ' + out)));
  });
}

// ---- the browser ------------------------------------------------------------------

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

async function browser() {
  // A fresh profile each run (playwright passes --user-data-dir and --headless).
  return chromium.launchPersistentContext(mkdtempSync(join(dir, 'profile-')), {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: PHONE, locale: 'en-GB',
  });
}

// Waits until fn (run in the page) returns true; a timeout fails the check.
// The page's CSP forbids eval, so this polls with page.evaluate (a function
// call, which the CSP allows) rather than waitForFunction's string polling.
async function until(page, what, fn, arg) {
  const t0 = Date.now();
  let last = null;
  while (Date.now() - t0 < STEP_MS) {
    try {
      if (await page.evaluate(fn, arg)) {
        ok(`${what} (${Date.now() - t0} ms)`);
        return true;
      }
    } catch (e) {
      last = e.message.split('\n')[0]; // a navigation in progress: try again
    }
    await new Promise(r => setTimeout(r, 50));
  }
  bad(`${what}: not on the page after ${STEP_MS} ms (wanted ${JSON.stringify(arg)}${last ? '; ' + last : ''})`);
  console.log((await page.locator('#main').innerText().catch(() => '')).replace(/[\u2654-\u265f\n]+/g, ' ').slice(0, 600));
  return false;
}

async function shots(page, name) {
  for (const [size, vp] of [['phone', PHONE], ['projector', PROJECTOR]]) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(150); // layout settles; not a wait for data
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${size}.png`), fullPage: size === 'phone' });
  }
  await page.setViewportSize(PHONE);
}

// A clock as the page shows it (RU-41): whole seconds rounded down, tenths
// in the last five seconds.
function mmss(ms) {
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0') + (ms < 5000 ? '.' + (Math.floor(ms / 100) % 10) : '');
}

// ---- the checks ------------------------------------------------------------------------

const TWICE = 'settings format=twice category=fast white=Alice black=Bruno record=moves seed=7';
const TWICE_MOVES = ['w e4', 'b e5', 'w Nf3', 'b Nc6', 'w Bc4', 'b Nf6', 'w d3', 'b Be7', 'w O-O', 'b O-O', 'w Nc3', 'b d6'];

// A step's clock on the page: the record's, or (when the page saw the
// step's `script` hold the match as a console, then let it go) the clock
// held where it was shown, at most 3 s below: never above (never back).
// Runs in the page, so it carries its own reading of m:ss.
function heldClock() {
  window.held = (shown, want) => {
    const s = t => { const m = (t || '').match(/^(\d+):(\d\d)$/); return m ? Number(m[1]) * 60 + Number(m[2]) : NaN; };
    return shown === want || (!!document.querySelector('#console-stopped') && s(shown) <= s(want) && s(want) - s(shown) <= 3);
  };
}

async function twiceStepByStep(ctx, base) {
  const first = record(TWICE, ['0 start']);
  const id = first.match_id;
  const page = await ctx.newPage();
  await page.goto(base + 'match/' + id + '?lang=en');
  await page.evaluate(heldClock);
  await until(page, 'twice: the page shows block 1 waiting for its first move',
    () => document.querySelector('#phase')?.dataset.phase === 'block' && !!document.querySelector('#block-clock'));
  let t = 0, state = first;
  for (const mv of TWICE_MOVES) {
    t += 1000;
    state = step(id, TWICE, `${t} move ${mv}`);
    const side = mv[0] === 'w' ? 'white' : 'black';
    if (state.phase === 'block') {
      await until(page, `twice: ${mv} shown (moves ${state.moves[side]}/${state.quota}, block clock ${mmss(state.block_ms_left)})`,
        ([m, mv2, clock]) => document.querySelector('#moves-' + m[0])?.textContent.includes(m[1]) &&
          document.querySelector('#last-move')?.textContent.includes(mv2) &&
          held(document.querySelector('#block-clock')?.textContent, clock),
        [[side, state.moves[side] + '/' + state.quota], mv.slice(2), mmss(state.block_ms_left)]);
    }
    if (t === 1000) await shots(page, 'twice-block');
  }
  if (state.phase !== 'cube') bad('twice: the scenario should reach the cube phase, state says ' + state.phase);
  await until(page, `twice: cube phase with cube ${state.cube.number}`,
    n => document.querySelector('#phase')?.dataset.phase === 'cube' &&
      document.querySelector('#cube-number')?.textContent === String(n), state.cube.number);
  await until(page, 'twice: the scramble of that cube is shown', () => (document.querySelector('#scramble')?.textContent || '').length > 20);
  t += 30000;
  state = step(id, TWICE, `${t} cube w 18.20 timer`);
  await until(page, 'twice: White\'s solve time shown', () => document.querySelector('#solve-white')?.textContent.includes('18.20'));
  // RE-10.1 (issue 35 item 6): the time says where it came from, a timer's here ...
  await until(page, 'twice: White\'s solve time marked as the timer\'s', () =>
    document.querySelector('#solve-white')?.dataset.source === 'timer' &&
    document.querySelector('#solve-white')?.textContent.endsWith('18.20 (timer)'));
  // ... and, taken back and typed again, typed.
  t += 3000;
  step(id, TWICE, `${t} undo`);
  t += 3000;
  state = step(id, TWICE, `${t} cube w 18.20`);
  await until(page, 'twice: White\'s typed solve time marked as typed', () =>
    document.querySelector('#solve-white')?.dataset.source === 'typed' &&
    document.querySelector('#solve-white')?.textContent.endsWith('18.20 (typed)'));
  t += 1000;
  state = step(id, TWICE, `${t} cube b 19.75`);
  await until(page, `twice: block ${state.block} ready after the cube phase, with the double move`,
    b => document.querySelector('#phase')?.dataset.block === String(b) || document.querySelector('#phase')?.textContent.includes(String(b)), state.block);
  // Both languages: the page's words and the renderer's sentences (the log).
  await page.click('#langs button[data-lang="fr"]');
  await until(page, 'twice: the page switches to French', () => document.documentElement.lang === 'fr' && document.body.dataset.lang === 'fr');
  const frLog = await firstFrame(base + 'match/' + id + '/events?lang=fr');
  const enLog = await firstFrame(base + 'match/' + id + '/events?lang=en');
  const frLast = frLog.board.log.at(-1).text, enLast = enLog.board.log.at(-1).text;
  if (frLast === enLast) bad('twice: the French and English logs say the same: ' + frLast);
  await until(page, 'twice: the log is the renderer\'s French', w => document.querySelector('#log li')?.textContent === w, frLast);
  await shots(page, 'twice-block2-fr');
  t += 5000;
  state = step(id, TWICE, `${t} resign b`);
  await until(page, 'twice: the result in big letters', c => document.querySelector('#result')?.dataset.code === c, '1-0');
  await shots(page, 'end-fr');
  await page.click('#langs button[data-lang="en"]');
  await until(page, 'twice: back in English', () => document.documentElement.lang === 'en');
  await shots(page, 'end-en');
  await page.close();
}

// The first SSE frame of url, parsed.
async function firstFrame(url) {
  const ctl = new AbortController();
  const r = await fetch(url, { signal: ctl.signal });
  const reader = r.body.getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += new TextDecoder().decode(value);
    const end = buf.indexOf('\n\n');
    if (end >= 0) {
      ctl.abort();
      return JSON.parse(buf.slice(buf.indexOf('data: ') + 6, end));
    }
  }
  throw new Error('no frame from ' + url);
}

const TIME = 'settings format=time category=fast white=Chloé black=Dmitri';

async function timeCubePhase(ctx, base) {
  const state0 = record(TIME, ['0 start']);
  const id = state0.match_id;
  const page = await ctx.newPage();
  await page.goto(base + 'match/' + id + '?lang=fr');
  await page.evaluate(heldClock);
  await until(page, 'time: the two chess clocks', () => !!document.querySelector('#clock-white') && !!document.querySelector('#clock-black'));
  let state;
  for (let i = 1; i <= 12; i++) {
    state = step(id, TIME, `${i * 10000} move ${i % 2 ? 'w' : 'b'}`);
    if (i === 5)
      await until(page, `time: White's clock reads ${mmss(state.clock_ms.white)} after 3 moves`,
        c => window.held(document.querySelector('#clock-white')?.textContent, c), mmss(state.clock_ms.white));
  }
  await until(page, `time: cube phase, cube ${state.cube.number}`,
    n => document.querySelector('#cube-number')?.textContent === String(n), state.cube.number);
  await shots(page, 'time-cube');
  state = step(id, TIME, '130000 cube w 20.00');
  state = step(id, TIME, '131000 cube b 30.00');
  await until(page, 'time: the cube phase\'s effect on the clocks is told', () => !!document.querySelector('#last-cube'));
  await until(page, `time: White's clock after the cube phase ${mmss(state.clock_ms.white)}`,
    c => window.held(document.querySelector('#clock-white')?.textContent, c), mmss(state.clock_ms.white));
  await shots(page, 'time-after-cube');
  await page.close();
}

// SM-6: the players' Stackmat timers, as a console publishes them beside the
// record (here tests/timers_publish.c, the console's own writer: no console
// reads timers in this test), in each player's place during the cube phase.
async function stackmatTimers(ctx, base) {
  if (!TIMERS_PUBLISH) return bad('timers: no timers_publish program given');
  const state = record(TWICE, ['0 start', ...TWICE_MOVES.map((mv, i) => `${(i + 1) * 1000} move ${mv}`)]);
  if (state.phase !== 'cube') return bad('timers: the scenario should reach the cube phase, state says ' + state.phase);
  const id = state.match_id;
  const pub = spawn(TIMERS_PUBLISH, [DB, String(id), String(state.block), String(state.cube.attempt)],
    { stdio: ['pipe', 'inherit', 'inherit'] });
  children.push(pub);
  const page = await ctx.newPage();
  await page.goto(base + 'match/' + id + '?lang=en');
  await until(page, 'timers: the cube phase, no timer before the console publishes',
    () => document.querySelector('#phase')?.dataset.phase === 'cube' && !document.querySelector('.timer'));
  pub.stdin.write('running 12340 ready 0\n');
  await until(page, 'timers: White\'s timer running from 12.3 s, Black\'s ready',
    () => /^Timer running 1[2-9]\.\d$/.test(document.querySelector('#timer-white')?.textContent || '') &&
      document.querySelector('#timer-black')?.textContent === 'Timer ready');
  const first = await page.evaluate(() => document.querySelector('#timer-white').textContent);
  await until(page, 'timers: the running time counts on', t => {
    const now = document.querySelector('#timer-white')?.textContent || '';
    return /^Timer running/.test(now) && parseFloat(now.slice(14)) >= parseFloat(t.slice(14)) + 0.5;
  }, first);
  await shots(page, 'timers-running');
  pub.stdin.write('stopped 23450 running 5000\n');
  await until(page, 'timers: White\'s timer stopped at 23.45, for the arbiter to confirm; Black\'s running',
    () => document.querySelector('#timer-white')?.textContent === 'Timer stopped at 23.45 (the arbiter confirms the time)' &&
      /^Timer running [5-9]\.\d$/.test(document.querySelector('#timer-black')?.textContent || '') &&
      document.querySelector('#solve-white')?.textContent.includes('…'));
  // SM-6.2: a console that stops publishing: the signal lost, never frozen.
  pub.stdin.write('pause\n');
  await until(page, 'timers: a stale reading says the signal is lost',
    () => document.querySelector('#timer-white')?.textContent === 'Timer signal lost' &&
      document.querySelector('#timer-black')?.textContent === 'Timer signal lost');
  pub.stdin.write('stopped 23450 running 9000\n');
  await until(page, 'timers: back when the console publishes again',
    () => /^Timer running/.test(document.querySelector('#timer-black')?.textContent || ''));
  // The console gone: nothing.
  pub.stdin.end();
  await until(page, 'timers: the console gone, no timer shown', () => !document.querySelector('.timer'));
  await page.close();
}

const UNO = 'settings format=uno white=Alice black=Bruno deck=5,9,0,7,23';

async function unoTurn(ctx, base) {
  const s0 = record(UNO, []);
  const id = s0.match_id;
  const page = await ctx.newPage();
  await page.goto(base + 'match/' + id + '?lang=en');
  await until(page, 'uno: the page shows the game before any card', () => !!document.querySelector('#uno-card'));
  let state = step(id, UNO, '1000 card w');
  await until(page, `uno: the card drawn (${state.uno.card.label})`,
    l => document.querySelector('#uno-card')?.dataset.card === l, state.uno.card.label);
  state = step(id, UNO, '2000 move w c4');
  await until(page, 'uno: the move on the board and the moves left',
    n => document.querySelector('#last-move')?.textContent.includes('c4') &&
      document.querySelector('#uno-moves')?.textContent.includes(String(n)), state.uno.moves_left);
  await until(page, `uno: the pile holds ${state.uno.pile}`, n => document.querySelector('#uno-pile')?.textContent.includes(String(n)), state.uno.pile);
  await shots(page, 'uno-turn');
  await page.close();
}

async function eventPage(ctx, base) {
  const names = EVENT_PLAYERS;
  run(['event', '--db', DB, 'create', 'Soirée démo', '--players', names.join(',')]);
  const show = JSON.parse(run(['event', '--db', DB, 'show', 'Soirée démo', '--json']));
  const pairings = (show.pairings || show.rounds?.flatMap(r => r.pairings) || []);
  const page = await ctx.newPage();
  await page.goto(base + 'event/' + encodeURIComponent('Soirée démo') + '?lang=fr');
  await until(page, 'event: six players in the standings', () => document.querySelectorAll('#standings tbody tr').length === 6);
  const total = await page.evaluate(() => document.querySelectorAll('#pairings li').length);
  if (total === 15) ok('event: every board of the round robin (15)'); else bad('event: boards shown ' + total + ', want 15');
  // Round 1: two games finished, one in play.
  const r1 = pairings.filter(p => p.round === 1 && !p.bye);
  const play = (p, last) => record(`settings format=twice category=fast white=${p.white} black=${p.black} event=Soirée_démo`,
    ['0 start', ...last]);
  if (r1.length !== 3) bad('event: round 1 should have 3 games, has ' + r1.length);
  play(r1[0], ['1000 resign b']);
  play(r1[1], ['1000 arbiter draw agreed']);
  const live = play(r1[2], ['1000 move w', '2000 move b']);
  await until(page, 'event: the finished games count in the standings',
    () => [...document.querySelectorAll('#standings td.pts')].map(e => e.textContent).join(' ') === '1 ½ ½ 0 0 0');
  await until(page, `event: the game in play shows its block clock`,
    id => !!document.querySelector(`a[href="/match/${id}"] .clock.block`), live.match_id);
  await until(page, 'event: the crosstable has the win', () => [...document.querySelectorAll('#crosstable td')].some(e => e.textContent === '1'));
  await shots(page, 'event');
  // The PGN feed: an ETag, then 304 while nothing changed.
  const url = base + 'event/' + encodeURIComponent('Soirée démo') + '.pgn';
  const r = await fetch(url);
  const etag = r.headers.get('etag');
  const body = await r.text();
  if (r.status === 200 && etag && (body.match(/\[Event /g) || []).length === 3) ok('event PGN: the three games, with an ETag');
  else bad(`event PGN: ${r.status} ${etag} ${body.slice(0, 200)}`);
  const again = await fetch(url, { headers: { 'If-None-Match': etag } });
  if (again.status === 304) ok('event PGN: If-None-Match unchanged gives 304'); else bad('event PGN: If-None-Match gave ' + again.status);
  step(live.match_id, 'settings format=twice category=fast', '3000 resign w');
  const changed = await fetch(url, { headers: { 'If-None-Match': etag } });
  if (changed.status === 200 && changed.headers.get('etag') !== etag) ok('event PGN: a result gives a new body and ETag');
  else bad('event PGN after a move: ' + changed.status);
  await page.close();
}

async function hostileNames(ctx, base) {
  const s = record('settings format=twice category=fast white=<script>alert(1)</script> black=<img_src=x_onerror=alert(2)>%E2%80%AEevil%E2%80%AC record=moves', ['0 start', '1000 move w e4']);
  const page = await ctx.newPage();
  let dialogs = 0;
  page.on('dialog', d => { dialogs++; d.dismiss(); });
  await page.goto(base + 'match/' + s.match_id);
  await until(page, 'hostile: the names render as text', ([a, b]) => {
    const names = [...document.querySelectorAll('.player bdi.name')].map(e => e.textContent);
    return names.includes(a) && names.includes(b);
  }, [s.players.white, s.players.black]);
  const counts = await page.evaluate(() => ({ scripts: document.scripts.length, imgs: document.images.length }));
  if (counts.scripts === 1 && counts.imgs === 0) ok('hostile: no script or image element came from the names');
  else bad('hostile: elements from the names ' + JSON.stringify(counts));
  await page.goto(base);
  await until(page, 'hostile: the index lists it as text', a => [...document.querySelectorAll('bdi.name')].some(e => e.textContent === a), s.players.white);
  await page.waitForTimeout(300); // a script that would run has had its chance; not a wait for data
  if (dialogs === 0) ok('hostile: no script ran (no dialog)'); else bad('hostile: ' + dialogs + ' dialogs opened');
  const r = await fetch(base + 'match/' + s.match_id);
  const csp = r.headers.get('content-security-policy') || '';
  if (/script-src 'self'/.test(csp) && !/unsafe-inline/.test(csp)) ok('hostile: the CSP forbids inline script'); else bad('CSP: ' + csp);
  await page.close();
}

async function httpRules(base) {
  const post = await fetch(base, { method: 'POST', body: 'x' });
  if (post.status === 405 && /GET/.test(post.headers.get('allow') || '')) ok('http: POST gives 405 with Allow'); else bad('POST: ' + post.status);
  const put = await fetch(base + 'match/1.pgn', { method: 'PUT', body: 'x' });
  if (put.status === 405) ok('http: PUT gives 405'); else bad('PUT: ' + put.status);
  for (const [path, code] of [['etc/passwd', 404], ['../etc/passwd', 404], ['match/0', 404], ['match/999999', 404],
    ['event/%ZZ', 400], ['event/a%00b', 400], ['app.js', 200], ['match/1.json', 200], ['event/nope.pgn', 404]]) {
    const r = await fetch(base + path);
    if (r.status === code) ok(`http: /${path} gives ${code}`); else bad(`http: /${path} gave ${r.status}, want ${code}`);
  }
}

// The record's content files (the -shm index is shared memory, not data).
function digest(db) {
  const h = createHash('sha256');
  for (const f of [db, db + '-wal']) { try { h.update(readFileSync(f)); } catch { /* no WAL file */ } }
  return h.digest('hex');
}

// One raw request; resolves with the status line (or "closed").
function raw(base, bytes) {
  const { hostname, port } = new URL(base);
  return new Promise(resolve => {
    const s = net.connect(Number(port), hostname, () => s.end(bytes));
    let got = '';
    s.on('data', d => { got += d; });
    s.on('close', () => resolve(got.split('\r\n')[0] || 'closed'));
    s.on('error', () => {});
    s.setTimeout(STEP_MS, () => s.destroy());
  });
}

async function malformed(base) {
  const cases = [
    ['a header beyond the request size limit', 'GET / HTTP/1.1\r\nHost: x\r\nX-Big: ' + 'a'.repeat(20000) + '\r\n\r\n', /^HTTP\/1\.1 4\d\d|^closed$/],
    ['a request line of garbage', 'HELLO\r\n\r\n', /^HTTP\/1\.1 4\d\d|^closed$/],
    ['a path longer than the limit', 'GET /event/' + 'a'.repeat(600) + ' HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 4\d\d/],
    ['a NUL in the path', 'GET /event/a\0b HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 4\d\d|^closed$/],
    ['a body on a GET', 'GET /match/1.pgn HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello', /^HTTP\/1\.1 200/],
    ['DELETE', 'DELETE /match/1 HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405/],
  ];
  for (const [what, bytes, want] of cases) {
    const got = await raw(base, bytes);
    if (want.test(got)) ok(`malformed: ${what}: ${got}`); else bad(`malformed: ${what}: ${got}`);
  }
  const r = await fetch(base + 'match/1.pgn');
  if (r.status === 200) ok('malformed: the server still answers'); else bad('malformed: then ' + r.status);
}

// A server of its own, while nothing else writes: the viewer limit, and
// the record byte for byte the same afterwards (RE-1.4: viewers never write).
async function viewerLimit() {
  const before = digest(DB);
  const { url, child } = await serve(DB, ['--max-viewers', '3']);
  const ctls = [];
  const statuses = [];
  for (let i = 0; i < 4; i++) {
    const ctl = new AbortController();
    ctls.push(ctl);
    const r = await fetch(url + 'match/1/events', { signal: ctl.signal });
    statuses.push(r.status);
    if (r.status !== 200) await r.text();
  }
  // the 4th still gets the boards as they stand, then its stream ends (issue 34)
  if (statuses.join() === '200,200,200,200') ok('limit: the 4th viewer of 3 gets the cached frame'); else bad('limit: ' + statuses.join());
  ctls.forEach(c => c.abort());
  const still = await fetch(url + 'match/1.pgn');
  if (still.status === 200) ok('limit: the server still answers'); else bad('limit: then ' + still.status);
  for (const path of ['', 'match/1.json', 'event/' + encodeURIComponent('Soirée démo') + '.pgn', 'index.json'])
    await (await fetch(url + path)).text();
  const exited = new Promise(r => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  if (digest(DB) === before) ok('read only: the record is byte for byte the same after serving'); else bad('serve wrote to the record');
}

// A console running a match (in tmux): the page's clocks run between
// frames, as the core's view says they do; when the console dies, the page
// says so and its clocks stop at the last event (RU-18, as `watch` shows).
async function runningClock(ctx) {
  if (spawnSync('tmux', ['-V']).status !== 0) {
    if (process.env.CI === 'true') bad('running clock: tmux is missing');
    else console.log('skip: running clock (tmux missing)');
    return;
  }
  const liveDb = join(dir, 'live.db');
  const sock = 'cc-web-' + process.pid;
  const tmux = (...args) => spawnSync('tmux', ['-L', sock, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-J').stdout || '';
  const waitScreen = async (want) => {
    for (let i = 0; i < STEP_MS / 50; i++) {
      if (screen().includes(want)) return true;
      await new Promise(r => setTimeout(r, 50));
    }
    bad(`running clock: the console never showed '${want}': ${screen()}`);
    return false;
  };
  tmux('new-session', '-d', '-x', '100', '-y', '30', `${BIN} --db ${liveDb}; sleep 600`);
  try {
    if (!await waitScreen('New match')) return;
    tmux('send-keys', 's'); // create the match
    if (!await waitScreen('s: start the block')) return;
    tmux('send-keys', 's');
    if (!await waitScreen('TO MOVE')) return;
    tmux('send-keys', 'Space'); // White's move: the move clock starts again for Black
    const { url, child } = await serve(liveDb);
    const page = await ctx.newPage();
    await page.goto(url + 'match/1?lang=en');
    await until(page, 'running clock: a console holds the match (no notice)',
      () => !!document.querySelector('#move-clock.running') && !document.querySelector('.notice'));
    const first = await page.evaluate(() => document.querySelector('#move-clock').textContent);
    await until(page, `running clock: the move clock runs down from ${first} between frames`,
      f => { const c = document.querySelector('#move-clock'); return c && c.textContent !== f; }, first);
    tmux('kill-server');
    await until(page, 'running clock: the console gone, the page says so and stops its clocks',
      () => !!document.querySelector('.notice') && !document.querySelector('.clock.running'));
    await page.close();
    child.kill('SIGTERM');
  } finally {
    tmux('kill-server');
  }
}

const EVENT_PLAYERS = ['Anne', 'Bruno', 'Chloé', 'Dmitri', 'Eva', 'Farid'];

// ---- issue 34: the wall, the held clocks, accessibility ------------------------------------

const WALL_PLAYERS = ['Anne', 'Bruno', 'Chloé', 'Dmitri', 'Eva', 'Farid', 'Gaëlle', 'Hugo', 'Inès', 'Jonas', 'Karim', 'Léa'];
const WALL_EVENT = 'Tournoi du soir';
// What each of round 1's six boards has played when the wall is shown.
const WALL_LINES = [['1000 move w e4'], ['1000 move w d4', '2000 move b d5'], ['1000 move w c4', '2000 move b e5', '3000 move w Nc3'],
  ['1000 move w Nf3'], ['1000 move w e4', '2000 move b c5'], ['1000 move w g3', '2000 move b d5', '3000 move w Bg2', '4000 move b e5']];

// Starts hold_matches on ids; resolves with the child once they are all held.
function hold(db, ids) {
  return new Promise((resolve, reject) => {
    const child = spawn(HOLD, [db, ...ids.map(String)], { stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', d => { out += d; if (/held \d+/.test(out)) resolve(child); });
    child.on('exit', code => reject(new Error('hold_matches exited ' + code + ': ' + out)));
  });
}

// A 12-player round robin whose round 1 (six boards) is in play, each board
// held by a "console"; plus a finished match (the end page).
async function wallRecord() {
  const db = join(dir, 'wall.db');
  for (const n of WALL_PLAYERS) run(['players', '--db', db, 'add', n]);
  run(['event', '--db', db, 'create', WALL_EVENT, '--players', WALL_PLAYERS.join(',')]);
  const show = JSON.parse(run(['event', '--db', db, 'show', WALL_EVENT, '--json']));
  const r1 = (show.pairings || show.rounds?.flatMap(r => r.pairings) || []).filter(p => p.round === 1 && !p.bye);
  const ids = r1.map((p, i) => JSON.parse(run(['script', '--db', db, scenario([`settings format=twice category=fast white=${p.white} ` +
    `black=${p.black} event=${WALL_EVENT.replaceAll(' ', '_')} record=moves`, '0 start', ...WALL_LINES[i]].join('\n') + '\n')])).match_id);
  const ended = JSON.parse(run(['script', '--db', db, scenario('settings format=twice category=fast white=Zoé black=Yann record=moves\n' +
    '0 start\n1000 move w e4\n2000 move b e5\n3000 resign b\n')])).match_id;
  return { db, ids, ended };
}

// A clock's text as seconds (m:ss, m:ss.t or s).
function secs(text) {
  const m = (text || '').replace('−', '-').match(/^(-?)(?:(\d+):)?(\d+(?:\.\d)?)$/);
  return m ? (m[1] ? -1 : 1) * ((Number(m[2]) || 0) * 60 + Number(m[3])) : NaN;
}

async function wallShots(page, name) {
  await shots(page, name);
  await page.setViewportSize(PROJECTOR);
}

async function wallPage(ctx, w) {
  const page = await ctx.newPage();
  await page.setViewportSize(PROJECTOR);
  for (const [code, words] of [['en', ' to move'], ['fr', ' au trait']]) {
    await page.goto(w.url + '?lang=' + code);
    await until(page, `wall (${code}): six boards in play on /, each with a running clock and whose turn in words`, t => {
      const cards = [...document.querySelectorAll('#live-boards .wall-board')].filter(c => c.offsetParent);
      return cards.length === 6 && cards.every(c => c.querySelector('.clock.running') &&
        c.querySelector('.wb-turn').textContent.endsWith(t));
    }, words);
    const fits = await page.evaluate(() => [...document.querySelectorAll('.wall-board')].every(c => {
      const r = c.getBoundingClientRect();
      return r.bottom <= innerHeight && r.right <= innerWidth;
    }));
    if (fits) ok(`wall (${code}): the six boards fit a 1920x1080 screen`); else bad(`wall (${code}): a board is off the screen`);
    await until(page, `wall (${code}): the last move on a mini board, read as words (no FEN)`, () => {
      const b = document.querySelector('.wall-board svg.board');
      const label = b?.getAttribute('aria-label') || '';
      return label.length > 20 && !/\//.test(label) && document.querySelector('.wb-last')?.textContent.length > 0;
    });
    await wallShots(page, `wall-${code}`);
  }
  // The event's page: the same wall above its tables.
  await page.goto(w.url + 'event/' + encodeURIComponent(WALL_EVENT) + '?lang=en');
  await until(page, 'wall: the event page shows its six boards in play', () =>
    document.querySelectorAll('#boards .wall-board').length === 6 && document.querySelectorAll('#pairings li').length === 66);
  // More boards than fit: the pages turn by themselves.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(w.url + '?lang=en&page_s=1');
  await until(page, 'wall: on a 1280x720 screen the six boards page by 2, "Page 1/3"', () =>
    [...document.querySelectorAll('.wall-board')].filter(c => c.offsetParent).length === 2 &&
    /\b\d\/3$/.test(document.getElementById('wall-page')?.textContent || ''));
  const first = await page.evaluate(() => [...document.querySelectorAll('.wall-board')].filter(c => c.offsetParent).map(c => c.dataset.match).join());
  await until(page, 'wall: the next page comes by itself', f =>
    [...document.querySelectorAll('.wall-board')].filter(c => c.offsetParent).map(c => c.dataset.match).join() !== f, first);
  await page.setViewportSize(PROJECTOR);
  await page.close();
}

// The board page: fills the screen, says whose turn beside the running clock,
// the move clock with its player; the console killed, the shown clocks stay
// where they were (never back) and the page says why; resumed, the correction.
async function heldClocks(ctx, w) {
  const page = await ctx.newPage();
  await page.setViewportSize(PROJECTOR);
  const id = w.ids[0];
  await page.goto(w.url + 'match/' + id + '?lang=en');
  await until(page, 'board page: "to move" and the move clock in the box of the player to move, beside the running block clock', () => {
    const box = document.querySelector('.player.to-move');
    return box && box.querySelector('#turn-badge') && box.querySelector('#move-clock.running') &&
      document.querySelector('#block-clock.running') && / to move$/.test(document.querySelector('#turn')?.textContent || '');
  });
  const fills = await page.evaluate(() => document.querySelector('.match.big').getBoundingClientRect().height >= innerHeight * 0.85);
  if (fills) ok('board page: the board fills the projector\'s screen'); else bad('board page: it fills less than 85 % of the screen');
  await until(page, 'board page: one level-one heading', () => document.querySelectorAll('h1').length === 1);
  await shots(page, 'board-running');
  await page.waitForTimeout(1200); // the clocks run a little; not a wait for data
  const wall = await ctx.newPage();
  await wall.setViewportSize(PROJECTOR);
  await wall.goto(w.url + '?lang=en');
  await until(wall, 'held: the wall\'s clocks run', () => document.querySelectorAll('.wall .clock.block.running').length === 6);
  const before = await page.evaluate(() => document.querySelector('#block-clock').textContent);
  w.holder.kill('SIGKILL');
  await until(page, 'held: the console killed, the page says the arbiter\'s console stopped and holds the clocks',
    () => !!document.querySelector('#console-stopped') && !document.querySelector('.clock.running'));
  await until(wall, 'held: the wall says it too', () => document.querySelectorAll('.wall .notice').length === 6 &&
    !document.querySelector('.wall .clock.running'));
  const after = await page.evaluate(() => document.querySelector('#block-clock').textContent);
  if (secs(after) <= secs(before)) ok(`held: the block clock never went back (${before} then ${after})`);
  else bad(`held: the block clock went back from ${before} to ${after}`);
  await page.waitForTimeout(1200); // nothing should move now; not a wait for data
  const still = await page.evaluate(() => document.querySelector('#block-clock').textContent);
  if (still === after) ok('held: the clocks stay where they were'); else bad(`held: ${after} then ${still}`);
  await page.bringToFront(); // a page behind another is never painted: its screenshot would wait
  await shots(page, 'board-console-stopped');
  w.holder = await hold(w.db, w.ids);
  // hold_matches keeps no last-seen stamp (RU-18), so its resume gives no
  // time back and the sign is the fixture's: the check is that it is said.
  await until(page, 'held: the arbiter resumes, the correction the resume made is shown',
    () => /^The arbiter resumed the match; clock corrected by [+−]\d+:\d\d/.test(document.querySelector('#correction')?.textContent || ''));
  await wall.close();
  await page.close();
}

// axe-core on every page kind in French and English: no serious or critical
// violation; no sideways scroll at 200 % zoom on a phone; the no-JS page in
// the browser's language. The page's CSP forbids axe's injected script, so
// this browser bypasses it (the CSP itself is checked above, without this).
async function accessibility(w) {
  const axeSource = join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');
  const axePath = existsSync(axeSource) ? axeSource : join(new URL('.', import.meta.url).pathname, 'node_modules', 'axe-core', 'axe.min.js');
  if (!existsSync(axePath)) { bad('axe-core is missing: npm ci in tests/web'); return; }
  const b = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    for (const code of ['en', 'fr']) {
      const ctx = await b.newContext({ bypassCSP: true, locale: code === 'fr' ? 'fr-FR' : 'en-GB', viewport: PROJECTOR });
      const kinds = [['wall', '', '.wall-board'], ['event', 'event/' + encodeURIComponent(WALL_EVENT), '#standings'],
        ['board', 'match/' + w.ids[1], '#block-clock'], ['end', 'match/' + w.ended, '#result'], ['no-JS', '', '#nojs']];
      for (const [kind, path, ready] of kinds) {
        const page = await ctx.newPage();
        if (kind === 'no-JS') await page.route('**/app.js', r => r.abort());
        await page.goto(w.url + path);
        await until(page, `a11y (${code}): the ${kind} page is drawn`, s => !!document.querySelector(s), ready);
        await page.addScriptTag({ path: axePath });
        const found = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] })
          .then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, n: v.nodes.length, target: v.nodes[0]?.target.join(' ') }))));
        const grave = found.filter(v => v.impact === 'serious' || v.impact === 'critical');
        if (!grave.length) ok(`a11y (${code}): axe-core finds no serious or critical violation on the ${kind} page` +
          (found.length ? ` (minor: ${found.map(v => v.id).join(', ')})` : ''));
        else bad(`a11y (${code}): the ${kind} page: ${JSON.stringify(grave)}`);
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang === code) ok(`a11y (${code}): the ${kind} page says its language (${lang})`); else bad(`a11y (${code}): ${kind} lang=${lang}`);
        if (kind === 'board' || kind === 'end') {
          const h1 = await page.evaluate(() => document.querySelectorAll('h1').length);
          if (h1 === 1) ok(`a11y (${code}): the ${kind} page has a level-one heading`); else bad(`a11y (${code}): ${kind} h1 ${h1}`);
        }
        // 200 % zoom on a phone: half its CSS width; nothing scrolls sideways.
        await page.setViewportSize({ width: PHONE.width / 2, height: PHONE.height / 2 });
        await page.waitForTimeout(150); // layout settles; not a wait for data
        const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (over <= 0) ok(`a11y (${code}): the ${kind} page has no sideways scroll at 200 % zoom on a phone`);
        else bad(`a11y (${code}): the ${kind} page scrolls sideways by ${over} px at 200 % zoom`);
        await page.close();
      }
      await ctx.close();
      // A browser without JavaScript, in this language: the notice in it.
      const nojs = await b.newContext({ javaScriptEnabled: false, locale: code === 'fr' ? 'fr-FR' : 'en-GB' });
      const page = await nojs.newPage();
      await page.goto(w.url);
      const said = await page.locator('#nojs').innerText();
      const html = await (await fetch(w.url, { headers: { 'Accept-Language': code === 'fr' ? 'fr-FR,fr;q=0.9' : 'en-GB' } })).text();
      const want = code === 'fr' ? /^Cette page a besoin de JavaScript/ : /^This page needs JavaScript/;
      if (want.test(said) && html.includes(`<html lang="${code}">`)) ok(`no-JS (${code}): the page speaks the browser's language: ${said.slice(0, 40)}…`);
      else bad(`no-JS (${code}): ${said}`);
      await nojs.close();
    }
  } finally {
    await b.close();
  }
}

async function wallChecks(ctx) {
  if (!HOLD) { bad('wall: hold_matches not given'); return; }
  const w = await wallRecord();
  w.holder = await hold(w.db, w.ids);
  const { url } = await serve(w.db);
  w.url = url;
  await wallPage(ctx, w);
  await heldClocks(ctx, w);
  await accessibility(w);
}

async function main() {
  // The record exists before the server opens it (read only, it creates nothing).
  for (const n of EVENT_PLAYERS) run(['players', '--db', DB, 'add', n]);
  const { url } = await serve(DB);
  const ctx = await browser();
  try {
    await wallChecks(ctx);
    all: {
    if (ONLY === 'wall') break all;
    await twiceStepByStep(ctx, url);
    await timeCubePhase(ctx, url);
    await stackmatTimers(ctx, url);
    await unoTurn(ctx, url);
    await eventPage(ctx, url);
    await hostileNames(ctx, url);
    await httpRules(url);
    await malformed(url);
    await viewerLimit();
    await runningClock(ctx);
    const page = await ctx.newPage();
    await page.goto(url);
    await until(page, 'index: the live boards and the event', () => !!document.querySelector('#live-boards') && !!document.querySelector('#events'));
    await shots(page, 'index');
    }
  } catch (e) {
    bad('exception: ' + (e.stack || e));
  } finally {
    await ctx.close();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  }
  // a child killed already (the wall's console, SIGKILL) has a signal and no exit code: it is gone too
  await Promise.all(children.map(c => c.exitCode !== null || c.signalCode !== null ? 0 : new Promise(r => c.on('exit', r))));
  for (const c of children)
    if (c.exitCode !== 0 && c.signalCode === null) bad('serve exited with ' + c.exitCode);
  rmSync(dir, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed; screenshots in ${ARTIFACTS}`);
  process.exit(failed || !passed ? 1 : 0);
}

main();
