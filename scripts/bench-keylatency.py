#!/usr/bin/env python3
# bench-keylatency.py bash N | console N PROGRAM DB | fsync N FILE: key to screen, in a pty of
# its own (80x24): the time from writing a key to the first bytes the program
# writes back. "bash": a bare read/echo loop, the yardstick. "console": p
# while paused resumes the block, an event committed (fdatasync) then drawn;
# no clock runs before it, so the first bytes are its answer. Used by
# scripts/bench-watch.sh; prints the median and the 90th percentile.
# "fsync": a 4 KB write and fdatasync of FILE, the floor under a commit.
import os, pty, sys, time, select, statistics, struct, fcntl, termios
def spawn(argv, env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    return pid, fd
def drain(fd, secs):
    end = time.monotonic() + secs; out = b''
    while True:
        left = end - time.monotonic()
        if left <= 0: return out
        r, _, _ = select.select([fd], [], [], left)
        if r:
            try: out += os.read(fd, 65536)
            except OSError: return out
def until(fd, text, secs=20):
    end = time.monotonic() + secs; out = b''
    while time.monotonic() < end:
        out += drain(fd, 0.05)
        if text in out: return True
    return False
def latency(fd, key, n, gap):
    res = []
    for _ in range(n):
        drain(fd, gap)
        t0 = time.monotonic(); os.write(fd, key)
        r, _, _ = select.select([fd], [], [], 2)
        if r:
            res.append((time.monotonic() - t0) * 1000); os.read(fd, 65536)
    return res
env = dict(os.environ, TERM='xterm-256color')
mode, n = sys.argv[1], int(sys.argv[2])
if mode == 'fsync':
    # the commit's own floor: a 4 KB write and fdatasync in the record's folder
    f = os.open(sys.argv[3], os.O_WRONLY | os.O_CREAT, 0o600); res = []
    for _ in range(n):
        t0 = time.monotonic(); os.pwrite(f, b'x' * 4096, 0); os.fdatasync(f); res.append((time.monotonic() - t0) * 1000)
    os.close(f); os.unlink(sys.argv[3])
    print('fsync: %d writes, median %.2f ms, p90 %.2f ms' % (n, statistics.median(res), sorted(res)[int(n * 0.9)]))
    sys.exit(0)
if mode == 'bash':
    pid, fd = spawn(['bash', '--norc', '-c', 'stty -echo; echo ready; while IFS= read -rsn1 k; do printf "%s" "$k"; done'], env)
    until(fd, b'ready')
    res = latency(fd, b'x', n, 0.05)
else:
    pid, fd = spawn([sys.argv[3], '--db', sys.argv[4]], env)
    until(fd, b'New match'); os.write(fd, b's'); until(fd, b'start the block'); os.write(fd, b's'); until(fd, b'TO MOVE')
    # p while paused resumes the block: an event committed (fsync'd), then
    # the banner goes; no clock runs before it, so the first bytes after
    # the key are its answer. The pause between two measures is not timed.
    os.write(fd, b'p'); until(fd, b'PAUSED')
    res = []
    for _ in range(n):
        res += latency(fd, b'p', 1, 0.3)
        drain(fd, 0.3); os.write(fd, b'p'); until(fd, b'PAUSED')
os.kill(pid, 9)
print('%s: %d presses, median %.2f ms, p90 %.2f ms' % (mode, len(res), statistics.median(res), sorted(res)[int(len(res) * 0.9)]))
