#!/usr/bin/env python3
"""pseudo_drop.py MSGID < CATALOGUE.po > CATALOGUE.po

The catalogue (msgunfmt's output: one msgid, its msgstr) with MSGID left
untranslated (its msgstr emptied, and msgfmt then leaves it out): the
catches tests' string left untranslated on purpose. Fails when MSGID is
not in the catalogue, so the catches tests cannot pass by dropping nothing.
"""
import re
import sys


def unquote(block):
    text = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), text)


want = sys.argv[1]
po = sys.stdin.read()
entry = re.compile(r'^(msgid ((?:"(?:[^"\\]|\\.)*"\n)+)(?:msgid_plural (?:"(?:[^"\\]|\\.)*"\n)+)?)'
                   r'((?:msgstr(?:\[\d\])? (?:"(?:[^"\\]|\\.)*"\n?)+)+)', re.M)
dropped = 0


def drop(m):
    global dropped
    if unquote(m.group(2)) != want:
        return m.group(0)
    dropped += 1
    forms = re.findall(r'^(msgstr(?:\[\d\])?) ', m.group(3), re.M)
    return m.group(1) + ''.join(f'{f} ""\n' for f in forms)


out = entry.sub(drop, po)
if not dropped:
    sys.exit(f"pseudo_drop.py: no msgid '{want}' in the catalogue")
sys.stdout.write(out)
