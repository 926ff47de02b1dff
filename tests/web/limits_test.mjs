// limits_test.mjs BIN: no one client freezes `chesscubing serve` (issue 34).
//
// On loopback only. One address (127.0.0.1) opens 4,000 connections that
// send half a request and never finish it; the page `/` asked from another
// address (127.0.0.2) is answered within 100 ms all the same (the
// per-address limit closes the extra ones at once). A connection that
// trickles its headers is closed at the deadline (--deadline 1). Past
// --max-viewers, a new viewer still gets the boards as they stand (the
// topic's cached frame) and a retry delay, not a "server full" refusal.
//
// The 4,000 sockets need descriptors: the test raises its soft
// RLIMIT_NOFILE through the `ulimit` of the shell ctest starts it from
// (tests/CMakeLists.txt) and skips (77) when the hard limit is too low.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { serve as serveDb, stop, ok, bad, conclude } from './serve_lib.mjs';
const serve = (extra = []) => serveDb(process.argv[2], DB, extra);
import { join } from 'node:path';

if (process.env.CC_CLAUSES === 'list') { // rules_selfcheck: no rule clause here
  console.log('CLAUSES: web_limits none');
  process.exit(0);
}

const BIN = process.argv[2];
const IDLE = 4000;
const dir = mkdtempSync(join(tmpdir(), 'cc-limits-'));
const DB = join(dir, 'limits.db');

function run(args, input) {
  const r = spawnSync(BIN, args, { input, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3) throw new Error(`chesscubing ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}



// One request on a fresh connection from localAddress; resolves with the
// status, the head, the body and the time it took, or 'closed'.
function request(port, path, localAddress = '127.0.0.1', timeoutMs = 5000) {
  return new Promise(resolve => {
    const t0 = process.hrtime.bigint();
    const s = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    const timer = setTimeout(() => { s.destroy(); resolve({ status: 'timeout', ms: timeoutMs }); }, timeoutMs);
    s.on('connect', () => s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    s.on('data', d => { data += d; });
    s.on('error', () => {});
    s.on('close', () => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const m = data.match(/^HTTP\/1\.1 (\d+)/);
      const [head, body] = data.split('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : 'closed', head: head || '', body: body || '', ms });
    });
  });
}

// A connection that sends half a request and waits; resolves once
// connected (or refused), its 'closed' flag set when the server ends it.
function idle(port) {
  return new Promise(resolve => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
    s.closedByServer = false;
    s.on('connect', () => { s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '); resolve(s); });
    s.on('error', () => resolve(s));
    s.on('close', () => { s.closedByServer = true; });
  });
}

async function until(what, fn, ms) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (fn()) return true;
    await new Promise(r => setTimeout(r, 50));
  }
  return false;
}

// ---- one address holding 4,000 idle connections -----------------------------------

async function oneAddress() {
  const { port, child } = await serve(['--deadline', '60']);
  const sockets = [];
  for (let i = 0; i < IDLE; i += 200)
    sockets.push(...await Promise.all(Array.from({ length: Math.min(200, IDLE - i) }, () => idle(port))));
  // The limit's victims are closed by the server; the others stay open.
  await until('extra closed', () => sockets.filter(s => s.closedByServer).length >= IDLE - 64, 30000);
  const open = sockets.filter(s => !s.closedByServer).length;
  if (open <= 64) ok(`one address: ${open} of its ${IDLE} idle connections kept (the limit is 64)`);
  else bad(`one address: ${open} of its ${IDLE} idle connections kept`);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const r = await request(port, '/', '127.0.0.2');
    if (r.status !== 200) { bad(`GET / from 127.0.0.2: ${r.status}`); break; }
    times.push(r.ms);
  }
  // The median of five: on a shared machine one try can wait for a core
  // longer than the server takes; a frozen server fails every one.
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[2], worst = sorted[4];
  if (times.length === 5 && median < 100 && worst < 1000)
    ok(`GET / from 127.0.0.2 beside them: answered in ${median.toFixed(1)} ms (median of 5; worst ${worst.toFixed(1)} ms)`);
  else bad(`GET / from 127.0.0.2 beside them: ${times.map(t => t.toFixed(1)).join(', ')} ms`);
  const still = sockets.filter(s => !s.closedByServer);
  still.forEach(s => s.destroy());
  await stop(child);
}

// ---- the deadline --------------------------------------------------------------------

async function deadline() {
  const { port, child } = await serve(['--deadline', '1']);
  const s = net.connect({ host: '127.0.0.1', port });
  let closed = false;
  s.on('error', () => {});
  s.on('close', () => { closed = true; });
  const t0 = Date.now();
  await new Promise(r => s.on('connect', r));
  // a byte every 200 ms: never idle, never whole
  const drip = setInterval(() => { if (!closed) s.write('X'); }, 200);
  s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const done = await until('deadline', () => closed, 5000);
  clearInterval(drip);
  const took = Date.now() - t0;
  if (done && took >= 900) ok(`deadline: a trickled header closed after ${took} ms (--deadline 1)`);
  else bad(`deadline: ${done ? 'closed after ' + took + ' ms' : 'still open after 5 s'}`);
  // a keep-alive connection gets its answer and its next request its own deadline
  const r = await request(port, '/index.json');
  if (r.status === 200) ok('deadline: a whole request is answered'); else bad('deadline: ' + r.status);
  await stop(child);
}

// ---- a full server still shows the boards ---------------------------------------------------

async function full() {
  const { port, child } = await serve(['--max-viewers', '1']);
  const viewer = net.connect({ host: '127.0.0.1', port });
  viewer.on('error', () => {});
  await new Promise(r => viewer.on('connect', r));
  let got = '';
  viewer.on('data', d => { got += d; });
  viewer.write('GET /match/1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await until('first viewer', () => /data: /.test(got), 5000);
  const r = await request(port, '/match/1/events', '127.0.0.2');
  const frame = r.body.match(/^data: (\{".*\})/m); /* the frame, not the turned-away event's {} */
  let board = null;
  try { board = frame && JSON.parse(frame[1]).board; } catch { board = null; }
  if (r.status === 200 && /^retry: \d+/m.test(r.body) && board && board.state && board.state.match_id === 1)
    ok('full: the second viewer of 1 gets the board as it stands and a retry delay, and the stream ends');
  else bad(`full: ${r.status} ${r.body.slice(0, 120)}`);
  if (!/full/i.test(r.body.replace(/data: .*/g, ''))) ok('full: no "server full" refusal'); else bad('full: refused');
  // the page says why it shows a frame that will not move: a named event comes first
  const named = r.body.search(/^event: turned-away\ndata: .+\n\n/m);
  const frameAt = r.body.search(/^data: \{"/m);
  if (named >= 0 && frameAt > named) ok('full: the "turned-away" event precedes the cached frame');
  else bad(`full: no turned-away event before the frame: ${JSON.stringify(r.body.slice(0, 120))}`);
  viewer.destroy();
  await stop(child);
}

await conclude(dir, async () => {
  record();
  await oneAddress();
  await deadline();
  await full();
});

function record() {
  const scn = join(dir, 'm.scn');
  writeFileSync(scn, 'settings format=twice category=fast white=Ana black=Bo record=moves\n0 start\n1000 move w e4\n');
  run(['script', '--db', DB, scn]);
}
