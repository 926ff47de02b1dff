#!/usr/bin/env python3
"""cli_catalogue.py SRC_DIR: every text the command line says has its French.

Reads src/cli/*.c for the texts said through the catalogue: _("...") and
N_("..."), each command's usage (usage[] / usage_text[] arrays, the usage
given to parse_options and cc_cli_usage_text) and the command table's
summaries; each must be a msgid of src/po/fr.po with a non-empty msgstr.
A usage changed in the source and not in fr.po would print English under
--lang fr: this names it (issue 23 item 5).
"""
import glob
import os
import re
import sys

print("CLAUSES: cli_catalogue none")
if os.environ.get("CC_CLAUSES") == "list":
    sys.exit(0)
src = sys.argv[1]
LIT = r'((?:\s*"(?:[^"\\]|\\.)*")+)'
PATTERNS = [r'\b_\(' + LIT, r'\bN_\(' + LIT, r'usage(?:_text)?\[\]\s*=\s*' + LIT,
            r'parse_options\(argc, argv, (?:true|false),' + LIT, r'cc_cli_usage_text\(opt,' + LIT]


def unquote(text):
    return ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', text))


said = []
for path in sorted(glob.glob(os.path.join(src, 'src/cli/*.c'))):
    code = open(path, encoding='utf-8').read()
    for pattern in PATTERNS:
        for m in re.finditer(pattern, code):
            said.append((os.path.basename(path), unquote(m.group(1))))
po = open(os.path.join(src, 'src/po/fr.po'), encoding='utf-8').read()
french = {}
for m in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)', po, re.M):
    french[unquote(m.group(1))] = unquote(m.group(2))
# issue 35 N9: a text that says a count, P_("singular", "plural", n), is a
# msgid/msgid_plural entry with both French forms.
for path in sorted(glob.glob(os.path.join(src, 'src/cli/*.c'))):
    code = open(path, encoding='utf-8').read()
    for m in re.finditer(r'\bP_\(' + LIT + r'\s*,' + LIT, code):
        said.append((os.path.basename(path), (unquote(m.group(1)), unquote(m.group(2)))))
for m in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgid_plural ((?:"(?:[^"\\]|\\.)*"\n)+)'
                     r'msgstr\[0\] ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr\[1\] ((?:"(?:[^"\\]|\\.)*"\n?)+)', po, re.M):
    if unquote(m.group(3)) and unquote(m.group(4)):
        french[(unquote(m.group(1)), unquote(m.group(2)))] = unquote(m.group(3))
missing = [(f, t) for f, t in said if not french.get(t)]
for f, t in missing:
    print("FAIL: %s: no French for \"%s\"" % (f, str(t)[:100].replace('\\n', ' ')))
if len(said) < 50:
    print("FAIL: only %d texts found in src/cli: the patterns no longer match the code" % len(said))
    sys.exit(1)
print("%d texts of the command line, %d without French" % (len(said), len(missing)))
sys.exit(1 if missing else 0)
