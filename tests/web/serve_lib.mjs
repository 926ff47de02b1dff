// serve_lib.mjs: what the web tests without a browser share (limits_test.mjs,
// relay_test.mjs): a `chesscubing serve` of their own, stopped however the
// test ends.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const children = [];
process.on('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); });

// Starts `BIN serve --db DB` on a free loopback port; resolves with its
// address (url, port) and process once it says where it listens.
export function serve(bin, db, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['serve', '--db', db, '--listen', '127.0.0.1:0', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', d => {
      out += d;
      const m = out.match(/serving (http:\/\/127\.0\.0\.1:(\d+)\/)/);
      if (m) resolve({ url: m[1], port: Number(m[2]), child });
    });
    child.on('exit', code => reject(new Error('serve exited ' + code + ': ' + out)));
  });
}

// Stops a server and waits for it to exit.
export function stop(child) {
  const exited = new Promise(r => child.on('exit', r));
  child.kill('SIGTERM');
  return exited;
}

// The checks' count: ok and bad print a line each; conclude runs the
// test's steps, counts an exception as a failure, removes its folder and
// exits 1 when anything failed.
let passed = 0, failed = 0;
export function ok(what) { passed++; console.log('ok: ' + what); }
export function bad(what) { failed++; console.log('FAIL: ' + what); }
export async function conclude(dir, steps) {
  try {
    await steps();
  } catch (e) {
    bad(e.stack || String(e));
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
