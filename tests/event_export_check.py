#!/usr/bin/env python3
"""event_export_check.py DIR: reads one event's exports (DIR/ev.txt, ev.csv,
ev.html, ev.trf, standings.json, show.json) and checks them against each
other and the standards, independently of the C code (CL-4.5 to CL-4.19).

Prints "ok: ..." / "FAIL: ..." lines; exit status 1 on any failure."""
import csv
import html.parser
import json
import sys

D = sys.argv[1]
failed = 0


def check(what, cond, detail=""):
    global failed
    if cond:
        print("ok:", what)
    else:
        failed += 1
        print("FAIL:", what, detail)


standings = json.load(open(f"{D}/standings.json", encoding="utf-8"))
show = json.load(open(f"{D}/show.json", encoding="utf-8"))
points_of = {s["name"]: s["points"] for s in standings}
rank_of = {s["name"]: s["rank"] for s in standings}
n = len(standings)

# ---- CSV (CL-4.9) -------------------------------------------------------
rows = list(csv.reader(open(f"{D}/ev.csv", encoding="utf-8", newline="")))
head = rows[0]
want = ["row", "rank", "start_rank", "name"] + [str(k + 1) for k in range(n)] + [
    "bye", "points", "direct", "wins", "sonneborn_berger", "games", "rating", "rating_change"]
check("CSV header", head == want, repr(head))
body = rows[1:]
check("CSV has one line per player", len(body) == n, str(len(body)))
# A cell starting with + or - is written '+ in the CSV (RU-24.4: no formula).
grid = [[c[1:] if c[:2] in ("'+", "'-") else c for c in r[4:4 + n]] for r in body]
names = [r[3] for r in body]
check("CSV names are the standings' in order", names == [s["name"] for s in standings], repr(names))
check("CSV points and ranks are the standings'",
      all(float(r[head.index("points")]) == points_of[r[3]] and int(r[1]) == rank_of[r[3]] for r in body))

# The grid's symmetry (CL-4.6): (i, j) is (j, i) from the other side.
mirror = {"1": "0", "0": "1", "½": "½", ".": ".", "+": "-", "-": "+", "H": "B", "B": "H"}
sym_ok = True
for i in range(n):
    for j in range(n):
        if i == j:
            sym_ok &= grid[i][j] == "X"
            continue
        a, b = grid[i][j], grid[j][i]
        sym_ok &= len(a) == len(b) and all(mirror.get(x) == y for x, y in zip(a, b))
check("grid symmetric: each result and its mirror", sym_ok, repr(grid))

# Points again from the grid: 1 / ½ / 0 and the byes (B: one point, CL-3.4).
value = {"1": 1.0, "½": 0.5, "0": 0.0, ".": 0.0, "X": 0.0, "B": 1.0, "+": 1.0, "-": 0.0, "H": 0.5, "Z": 0.0}
from_grid = [sum(value[c] for cell in grid[i] for c in cell) +
             sum(value[c] for c in body[i][head.index("bye")]) for i in range(n)]
check("the grid's results sum to each player's points",
      all(abs(from_grid[i] - points_of[names[i]]) < 1e-9 for i in range(n)), repr(from_grid))

# ---- text (CL-4.5): the same rows and cells --------------------------------
lines = open(f"{D}/ev.txt", encoding="utf-8").read().splitlines()
text_rows = lines[2:2 + n]
check("text crosstable ends with its legend (CL-4.6)",
      len(lines) == n + 3 and "+ won and - lost by forfeit" in lines[-1] and "H a half-point bye" in lines[-1],
      repr(lines[-1:]))
tok = [ln.split() for ln in text_rows]
same = len(tok) == n
for i in range(min(n, len(tok))):
    t = tok[i]
    bye = body[i][head.index("bye")] or "-"
    tail = [body[i][head.index(k)] or "-" for k in
            ("points", "direct", "wins", "sonneborn_berger", "games", "rating", "rating_change")]
    same &= t[:3] == body[i][:3] and t[3:3 + n] == grid[i] and t[3 + n] == bye and t[4 + n:11 + n] == tail
    same &= " ".join(t[11 + n:]) == " ".join(names[i].split())
check("text crosstable says what the CSV says", same, "\n".join(text_rows))

# ---- HTML (CL-4.10, CL-4.11) ---------------------------------------------------
class Table(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.rows, self.cell, self.style = set(), [], None, ""
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = ""
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.rows[-1].append(self.cell)
            self.cell = None
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.in_style:
            self.style += data


page = Table()
page.feed(open(f"{D}/ev.html", encoding="utf-8").read())
page.close()
allowed = {"html", "head", "meta", "title", "style", "body", "h1", "p", "table", "thead", "tbody", "tr", "th", "td"}
check("HTML has only its own elements (names escaped)", page.tags <= allowed, repr(page.tags - allowed))
check("HTML prints on A4", "size: A4" in page.style, page.style)
hrows = page.rows[1:]
hsame = len(hrows) == n
for i in range(min(n, len(hrows))):
    r = hrows[i]
    hsame &= r[:3] == body[i][:3] and r[3] == names[i] and r[4:4 + n] == grid[i] and r[4 + n:] == body[i][4 + n:]
check("HTML table says what the CSV says", hsame, repr(hrows[:2]))

# ---- TRF16 (CL-4.12 to CL-4.15) ---------------------------------------------------
raw = open(f"{D}/ev.trf", "rb").read()
check("TRF is printable ASCII, one byte a column (CL-4.20)",
      all(b == 10 or 32 <= b < 127 for b in raw), repr([b for b in raw if b != 10 and not 32 <= b < 127][:8]))
trf = raw.decode("ascii", "replace").splitlines()
tags = [ln[:3] for ln in trf]
check("TRF header lines in order",
      [t for t in tags if t not in ("001", "###")] ==
      ["012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132", "XXR"], repr(tags))
check("TRF 012 is the event's name", trf[0] == "012 " + show["name"].encode("ascii", "replace").decode(), trf[0])
check("TRF XXR is the event's rounds", f"XXR {show['rounds']}" in trf)
players = [ln for ln in trf if ln.startswith("001")]
check("TRF 062 counts the 001 lines", f"062 {len(players)}" in trf and len(players) == n)
rounds = show["rounds"]
# 132: a date YY/MM/DD at 92+10k for each round begun, blank for the others
dates = next(ln for ln in trf if ln.startswith("132"))
begun = {p["round"] for p in show["pairings"] if p["match_id"]}
check("TRF 132 dates the rounds begun at 92+10k",
      all((dates[91 + 10 * k:99 + 10 * k].ljust(8)[2] == "/") == (k + 1 in begun) for k in range(rounds)), dates)


def field(ln, a, b):  # columns a..b counted from 1, inclusive
    return ln[a - 1:b]


col_ok, by_start = True, {}
for ln in players:
    # the separators between fixed fields are blank
    col_ok &= all(ln[c - 1] == " " for c in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91) if c <= len(ln))
    start = int(field(ln, 5, 8))
    by_start[start] = ln
    col_ok &= field(ln, 49, 52).strip().isdigit() and field(ln, 81, 84)[2] == "." and field(ln, 86, 89).strip().isdigit()
    for k in range(rounds):
        f = field(ln, 92 + 10 * k, 99 + 10 * k).ljust(8)
        col_ok &= f[4] == " " and f[6] == " " and (f.strip() == "" or (f[:4].isdigit() and f[5] in "wb-"))
check("TRF 001 fields in their columns (5-8, 15-47, 49-52, 81-84, 86-89, 92+10k)", col_ok, "\n".join(players))
check("TRF in start-rank order", sorted(by_start) == list(by_start) == list(range(1, n + 1)), repr(list(by_start)))

score = {"1": 1.0, "=": 0.5, "0": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, "+": 1.0, "-": 0.0}
total_ok, mirror_ok, csv_ok = True, True, True
trf_mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
csv_of = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "-"}
start_row = {int(r[2]): i for i, r in enumerate(body)}
name_of_start = {int(r[2]): r[3] for r in body}
for start, ln in by_start.items():
    name = name_of_start[start]
    got = 0.0
    for k in range(rounds):
        f = field(ln, 92 + 10 * k, 99 + 10 * k).ljust(8)
        if f.strip() == "":
            continue
        opp, colour, res = int(f[:4]), f[5], f[7]
        got += score[res]
        mirror_ok &= res in score and res != " "  # a result, never a blank with an opponent
        if opp == 0:
            mirror_ok &= colour == "-" and res in "UFHZ"
            continue
        g = field(by_start[opp], 92 + 10 * k, 99 + 10 * k).ljust(8)
        mirror_ok &= int(g[:4]) == start and g[5] == {"w": "b", "b": "w"}[colour] and g[7] == trf_mirror[res]
        # and the crosstable has this result in the cell (row, opponent's row)
        cell = grid[start_row[start]][start_row[opp]]
        csv_ok &= csv_of[res] in cell
    total_ok &= abs(got - float(field(ln, 81, 84))) < 1e-9 and abs(got - points_of[name]) < 1e-9
    total_ok &= int(field(ln, 86, 89)) == rank_of[name]
check("TRF points are the sum of the results and the standings' (ranks too)", total_ok, "\n".join(players))
check("TRF results mirror: opponent, colour, result", mirror_ok)
check("TRF results are the crosstable's", csv_ok)
finished = sum(1 for p in show["pairings"] if p["result"] in ("1-0", "0-1", "1/2-1/2"))
byes = sum(1 for p in show["pairings"] if p["result"] == "bye")
if not any(c in "+-HFZ" for ln in players for c in ln[98::10]):  # no forfeit nor bye of another value
    check("TRF total: one point per finished game and per bye",
          abs(sum(float(field(ln, 81, 84)) for ln in players) - (finished + byes)) < 1e-9)

print(f"{D}: {failed} failed")
sys.exit(1 if failed else 0)
