#!/usr/bin/env python3
"""pseudo_check.py [--where LABEL] [--allow WORD]... [--allow-re REGEX]... < TEXT

Reads a text the program said in the tests' pseudo-language (qps: every
translated string wrapped in brackets, its letters accented, lengthened by
about 35 %, "[Ɓļöçķ ŧîɱé ··]") and names what is wrong with it:

  UNTRANSLATED  a run of plain English-looking words (two ASCII letters in
                a row), inside or outside the brackets: a text never marked
                for translation, missing from the catalogue, or an English
                argument said inside a translated sentence;
  CUT           an opening bracket without its closing one (a text cut by
                the layout, or by a buffer), or a closing without an opening.

The text is read whole (a screen with its wrapped lines joined, as
tests/e2e/lib.sh's `screen` gives it), so a translated string the console
wraps over two rows is one string. What may look English and is not a
text of the program (the allow-list, documented here):

  - the data the test typed: pass each word with --allow (the tests choose
    names that cannot look English: Greek letters and digits);
  - SAN and UCI moves (Nf3, exd5, O-O, e8=Q+, g1f3), FEN fields; a
    promotion whose piece letter the pseudo-language accented (Nf3=Ǫ);
  - numbers, clock readings, dates (no two ASCII letters in a row);
  - single letters (the keys: "s", "w", "x"), and the piece letters;
  - the program's name (chesscubing, chesscubing-test) and its commands'
    and options' names where printed as syntax (pass them with --allow);
  - hexadecimal with a digit (Chess-Uno's commitment, or its wrapped tail), an URL, and any token a --allow-re regular expression matches whole;
  - an absolute path (a token beginning with "/" and naming at least one
    folder below it, /tmp/cc-x/club.db): a file the test named, said back
    as given (a refusal of the record says where); a word of the program
    never begins with a slash;
    a phrase given with --allow-phrase (the product's name, "ChessCubing
    Arbiter"; the categories' names, FAST, FREEZE, MASTERS, as the rules
    write them).

With --tagged, each line is "WHERE<TAB>TEXT" and each text is judged
alone (tests/l10n/pseudo_messages.c's lines, one a message).

With --boxes (a screen), a box drawn over the screen hides what lies
beneath it, cutting it on purpose: the brackets are then counted inside
each box only (the screen beneath was judged before the box opened).

Exit status: 0 when the text is clean, 1 with one line per finding (the
run of words, and the line it stands on), 2 on a usage error.
"""
import argparse
import re
import sys

SAN = re.compile(r'^(?:\d+\.(?:\.\.)?)?(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=[QRBN])?'
                 r'|O-O(?:-O)?|0-0(?:-0)?)[+#]?[!?]*$')
# A promotion's piece in a message's example ("%1$s=Q"): the pseudo-language
# accents that letter as any other.
PROMOTION = re.compile(r'^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8])=[QRBNǪŔƁÑ]$')
UCI = re.compile(r'^[a-h][1-8][a-h][1-8][qrbn]?$')
FEN = re.compile(r'^(?:[pnbrqkPNBRQK1-8]+/){7}[pnbrqkPNBRQK1-8]+$|^[wb]$|^(?:-|[KQkq]{1,4})$')
URL = re.compile(r'^[a-z]+://\S+$')
HEX = re.compile(r'^(?=.*[0-9])[0-9a-f]{4,}$')
# An absolute path, as the tests give it (their temporary folders): data.
PATH = re.compile(r'^(?:/[^/\s]+){2,}/?$')
# What may close a path in a sentence ("…/club.db:", "…/none.pgn)").
PATH_END = ')]}"\'»,;:.!?…·'
PATH_START = '([{"\'«'


def is_path(tok):
    """tok (with its punctuation) is an absolute path."""
    return bool(PATH.match(tok.lstrip(PATH_START).rstrip(PATH_END)))
ENGLISH = re.compile(r'[A-Za-z]{2}')
PROGRAM = {'chesscubing', 'chesscubing-test'}
# The ends of a token that are punctuation, not part of a word or a move.
STRIP = '()[]{}"\'«»,;:.!?…·<>|/'


def allowed(token, words, patterns):
    """token (stripped of its punctuation) is not a text of the program."""
    if not ENGLISH.search(token):
        return True
    if token in words or token in PROGRAM:
        return True
    if SAN.match(token) or PROMOTION.match(token) or UCI.match(token) or FEN.match(token) or URL.match(token) or HEX.match(token):
        return True
    return any(p.fullmatch(token) for p in patterns)


def tokens(text):
    """Each whitespace-separated token of text as (line, token, depth):
    depth is the bracket depth at the token's start (> 0 inside a
    translated string). Also the bracket findings."""
    out, cuts, stack = [], [], []
    lines = text.split('\n')
    for n, line in enumerate(lines, 1):
        for m in re.finditer(r'\S+', line):
            out.append((n, m.group(0), len(stack)))
            for i, c in enumerate(m.group(0)):
                if c == '[':
                    stack.append((n, m.start() + i))
                elif c == ']':
                    if stack:
                        stack.pop()
                    else:
                        cuts.append((n, m.start() + i, 'a closing bracket without its opening'))
    for n, col in stack:
        cuts.append((n, col, 'an opening bracket without its closing (a text cut)'))
    return lines, out, cuts


def runs(toks, words, patterns):
    """The runs of English-looking tokens, each (line, words): consecutive
    tokens of one line that are English-looking or neutral (no letter:
    "1", "-", ":"), begun and ended by English-looking ones, broken by a
    bracket or a pseudo word (one with a non-ASCII letter)."""
    found, cur, line = [], [], None

    def close():
        while cur and cur[-1][1] == 'neutral':
            cur.pop()
        if cur:
            found.append((line, ' '.join(t for t, _ in cur)))
        cur.clear()

    for n, tok, _depth in toks:
        if n != line:
            close()
            line = n
        has_bracket = '[' in tok or ']' in tok
        word = tok.strip(STRIP)
        # A token glued to a bracket ("[Ŧĥé", "Alice]") is judged by its
        # part outside the bracket, and breaks the run.
        if has_bracket:
            parts = [p.strip(STRIP) for p in re.split(r'[\[\]]', tok)]
            close()
            for p in parts:
                if p and not allowed(p, words, patterns) and p.isascii():
                    found.append((n, p))
            continue
        if is_path(tok):
            if cur:
                cur.append((tok, 'neutral'))
            continue
        if not word:
            if cur:
                cur.append((tok, 'neutral'))
            continue
        if not word.isascii() and re.search(r'[^\x00-\x7f]', word) and not ENGLISH.search(word):
            close()  # a pseudo word, or data in another alphabet
            continue
        if allowed(word, words, patterns):
            if cur:
                cur.append((tok, 'neutral'))
            continue
        cur.append((tok, 'english'))
    close()
    return found


def boxes(lines):
    """The text inside each box drawn on a screen (a dialog: a row with
    '┌' down to the row with '└' under it, between its borders), each as
    lines; the borders' own texts (a title, the keys) included."""
    found, i = [], 0
    while i < len(lines):
        left = lines[i].find('┌')
        right = lines[i].find('┐', left + 1)
        if left < 0 or right < 0:
            i += 1
            continue
        inside = []
        j = i
        while j < len(lines):
            row = lines[j]
            inside.append(row[left + 1:right].strip('─│ '))
            if row[left:left + 1] == '└':
                break
            j += 1
        found.append(inside)
        i = j + 1
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--where', default='text')
    ap.add_argument('--allow', action='append', default=[])
    ap.add_argument('--allow-re', action='append', default=[])
    ap.add_argument('--allow-phrase', action='append', default=[])
    ap.add_argument('--tagged', action='store_true',
                    help='each line is "WHERE<TAB>TEXT", judged alone (the messages of the table)')
    ap.add_argument('--boxes', action='store_true',
                    help='a screen: a box drawn over it hides what is beneath, so the brackets are '
                         'counted inside each box only, when there is one')
    args = ap.parse_args()
    patterns = [re.compile(p) for p in args.allow_re]
    words = set()
    for a in args.allow:
        words.update(a.split())
    text = sys.stdin.buffer.read().decode('utf-8', 'replace').replace('\u00a0', ' ')
    if args.tagged:
        bad = 0
        for line in text.splitlines():
            where, _, said = line.partition('\t')
            bad += judge(f'{args.where} {where}', said, args, words, patterns)
        return 1 if bad else 0
    return 1 if judge(args.where, text, args, words, patterns) else 0


def judge(where_, text, args, words, patterns):
    """The findings of text printed; their count."""
    for phrase in args.allow_phrase:
        text = text.replace(phrase, ' ' * len(phrase))
    lines, toks, cuts = tokens(text)
    dialogs = boxes(lines) if args.boxes else []
    if dialogs:
        cuts = []
        for inside in dialogs:
            cuts += tokens('\n'.join(inside))[2]
    bad = 0
    for n, words_run in runs(toks, words, patterns):
        print(f"UNTRANSLATED {where_}: '{words_run}' in line {n}: {lines[n - 1].strip()}")
        bad += 1
    for n, col, what in cuts:
        where = 'in a box' if dialogs else f'line {n} col {col + 1}: {lines[n - 1].strip()}'
        print(f"CUT {where_}: {what}, {where}")
        bad += 1
    return bad


if __name__ == '__main__':
    sys.exit(main())
