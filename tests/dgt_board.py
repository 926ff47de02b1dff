#!/usr/bin/env python3
"""dgt_board.py: a simulated DGT electronic board on a pseudo-terminal.

Written from the protocol as rules/dgt.md and include/chesscubing/dgt.h
describe it (a message: an id byte with its top bit set, two bytes of
length, 7 bits each, then the data): it answers the PC's commands (0x40
reset, 0x42 a board dump, 0x43/0x44/0x4b update mode, 0x4d the version,
0x45 the serial number), and plays the lifts and placements a test writes
to its control FIFO, one command a line:

  move FROM TO [PIECE]  lift FROM, lift what stands on TO, place the piece
                        on TO (PIECE, a FEN letter, for a promotion)
  capfirst FROM TO      the same, the taken piece lifted first
  lift SQ               a piece lifted
  put SQ PIECE          PIECE (a FEN letter) placed on SQ
  clear                 every piece lifted off the board
  setup [rotated]       the starting position set up on an empty board,
                        piece by piece (rotated: white at the board's top)
  unplug                the cable pulled: the pty closed, the link removed
  plug                  a new pty behind the same link
  garbage               bytes outside any message
  quit

Every message goes out cut into pieces of 1 to 3 bytes with a pause
between them, as a slow serial line and a reader's partial reads cut it.
After each command the line "done N" (N counting from 1) is appended to
the log file, so a test waits for the board before it looks.

  dgt_board.py LINK CONTROL_FIFO LOG
LINK is a symbolic link to the pty's device: the console's --dgt LINK.
"""
import os
import pty
import random
import select
import sys
import time
import tty

CODES = {'P': 1, 'R': 2, 'N': 3, 'B': 4, 'K': 5, 'Q': 6,
         'p': 7, 'r': 8, 'n': 9, 'b': 10, 'k': 11, 'q': 12}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def field_of(square):
    """The board's field of a square, white at the bottom: field 0 is a8."""
    f, r = ord(square[0]) - ord('a'), int(square[1]) - 1
    return (7 - r) * 8 + f


class Board:
    def __init__(self, link, log):
        self.link, self.log = link, log
        self.fields = [0] * 64
        self.updates = False
        self.master = self.slave = None
        self.rng = random.Random(36)
        for f, code in enumerate(self.start_fields()):
            self.fields[f] = code
        self.plug()

    @staticmethod
    def start_fields():
        """The starting position's piece codes, field by field."""
        fields = []
        for part in START.split('/'):
            for ch in part:
                fields += [0] * int(ch) if ch.isdigit() else [CODES[ch]]
        return fields

    def plug(self):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        name = os.ttyname(self.slave)
        tmp = self.link + '.new'
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(name, tmp)
        os.rename(tmp, self.link)
        self.updates = False

    def unplug(self):
        if os.path.lexists(self.link):
            os.unlink(self.link)
        os.close(self.master)
        os.close(self.slave)
        self.master = self.slave = None

    def send(self, data):
        if self.master is None:
            return
        i = 0
        while i < len(data):
            n = self.rng.randint(1, 3)
            try:
                os.write(self.master, bytes(data[i:i + n]))
            except OSError:
                return
            i += n
            time.sleep(0.002)

    @staticmethod
    def message(ident, data):
        length = 3 + len(data)
        return [ident, (length >> 7) & 0x7f, length & 0x7f] + list(data)

    def answer(self, cmd):
        if cmd == 0x40:
            self.updates = False
        elif cmd == 0x42:
            self.send(self.message(0x86, self.fields))
        elif cmd in (0x43, 0x44, 0x4b):
            self.updates = True
        elif cmd == 0x4d:
            self.send(self.message(0x93, [3, 1]))
        elif cmd == 0x45:
            self.send(self.message(0x91, [ord(c) for c in "36036"]))

    def set(self, square, code):
        self.set_field(field_of(square), code)

    def set_field(self, f, code):
        self.fields[f] = code
        if self.updates:
            self.send(self.message(0x8e, [f, code]))

    def command(self, words):
        op = words[0]
        if op in ('move', 'capfirst'):
            src, dst = words[1], words[2]
            piece = self.fields[field_of(src)]
            if len(words) > 3:
                piece = CODES[words[3]]
            taken = self.fields[field_of(dst)] != 0
            if op == 'capfirst' and taken:
                self.set(dst, 0)
            self.set(src, 0)
            if op == 'move' and taken:
                self.set(dst, 0)
            self.set(dst, piece)
        elif op == 'lift':
            self.set(words[1], 0)
        elif op == 'put':
            self.set(words[1], CODES[words[2]])
        elif op == 'clear':
            for f in range(64):
                if self.fields[f]:
                    self.set_field(f, 0)
        elif op == 'setup':
            turned = len(words) > 1 and words[1] == 'rotated'
            for f, code in enumerate(self.start_fields()):
                if code:
                    self.set_field(63 - f if turned else f, code)
        elif op == 'unplug':
            self.unplug()
        elif op == 'plug':
            self.plug()
        elif op == 'garbage':
            self.send([0x01, 0x7f, 0x33])
        elif op == 'quit':
            return False
        return True


def main():
    link, control, log = sys.argv[1:4]
    board = Board(link, log)
    ctl = os.open(control, os.O_RDONLY | os.O_NONBLOCK)
    pending, done = b'', 0
    while True:
        fds = [ctl] + ([board.master] if board.master is not None else [])
        ready, _, _ = select.select(fds, [], [], 0.5)
        if board.master is not None and board.master in ready:
            try:
                for b in os.read(board.master, 64):
                    board.answer(b)
            except OSError:
                pass  # no one holds the line open: wait for the console
                time.sleep(0.05)
        if ctl in ready:
            data = os.read(ctl, 4096)
            if not data:  # the writer closed: reopen and wait for the next
                os.close(ctl)
                ctl = os.open(control, os.O_RDONLY | os.O_NONBLOCK)
                time.sleep(0.05)
            pending += data
            while b'\n' in pending:
                line, pending = pending.split(b'\n', 1)
                words = line.decode().split()
                if not words:
                    continue
                going = board.command(words)
                done += 1
                with open(log, 'a') as out:
                    out.write('done %d\n' % done)
                if not going:
                    return


if __name__ == '__main__':
    main()
