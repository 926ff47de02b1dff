#!/bin/sh
# compare-bbpPairings.sh [COUNT] [FIRST_SEED]: pairs random tournaments made
# by bbpPairings's own generator (-g) with `chesscubing pair --dutch` and with
# bbpPairings, round by round from the same input, and counts the rounds
# whose output (pairs, colours, board order, bye) is byte for byte the same.
# Not in CI: it needs a copy of bbpPairings (Apache-2.0), built here with
# its own Makefile and never linked to ours.
#
#   BBP_SRC    a bbpPairings source tree or git directory (default: the
#              fetched mirror /work/.mirror/BieremaBoyzProgramming+bbpPairings/repo)
#   BBP_DIR    where it is built (default /tmp/bbpPairings-build)
#   CHESSCUBING  our program (default build/default/chesscubing)
#   KEEP=1     keep the differing rounds' files under $BBP_DIR/diffs
#   PROGRESS=1 a line of counts after each tournament
#   BAKU=1     the Baku acceleration (SW-6) given to both engines as XXA
#              lines (bbpPairings's own 192 FIDE_DUTCH_BAKU sizes group A
#              as the first half rounded up, not to the even number C.04.5.1 says)
#
# Tournaments: 7 to 60 players, 5 to 11 rounds (from the seed), draws,
# forfeits, half-point byes and withdrawals at the generator's rates below.
set -eu
count=${1:-100}
seed=${2:-1}
here=$(cd "$(dirname "$0")/.." && pwd)
BBP_SRC=${BBP_SRC:-/work/.mirror/BieremaBoyzProgramming+bbpPairings/repo}
BBP_DIR=${BBP_DIR:-/tmp/bbpPairings-build}
CHESSCUBING=${CHESSCUBING:-$here/build/default/chesscubing}
bbp=$BBP_DIR/src/bbpPairings.exe
if [ ! -x "$bbp" ]; then
	mkdir -p "$BBP_DIR"
	if [ -d "$BBP_SRC/objects" ] || [ -f "$BBP_SRC/HEAD" ]; then
		rm -rf "$BBP_DIR/src" && git clone -q "$BBP_SRC" "$BBP_DIR/src"
	else
		rm -rf "$BBP_DIR/src" && cp -r "$BBP_SRC" "$BBP_DIR/src"
	fi
	make -C "$BBP_DIR/src" -j 2 >"$BBP_DIR/build.log" 2>&1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$BBP_DIR/diffs"

# trunc IN OUT R: rounds 1..R-1 of IN, with round R's cells kept only for
# the players who take no part in its pairing (absent, a requested bye),
# the points column recomputed, XXR and XXC added when missing (the
# generator writes neither).
cat >"$work/trunc.py" <<'PY'
import sys
src, dst, r = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, encoding='utf-8', newline='').read().replace('\r\n', '\n').replace('\r', '\n')
lines = data.split('\n')
players = [l for l in lines if l.startswith('001')]
total = max((len(l[91:]) + 9) // 10 for l in players)
out = [l for l in lines if l and not l.startswith('001')]
if not any(l.startswith('XXR') for l in lines):
    out.append('XXR %d' % total)
if not any(l.startswith('XXC') for l in lines):
    ps = sorted((int(l[4:8]), l[91:].ljust(10)) for l in players)
    for idx, (pid, cells) in enumerate(ps):
        if cells[5] in 'wb':
            first = cells[5] if idx % 2 == 0 else ('b' if cells[5] == 'w' else 'w')
            out.append('XXC ' + ('white1' if first == 'w' else 'black1'))
            break
pts = {'1': 1.0, '+': 1.0, 'W': 1.0, 'F': 1.0, 'U': 1.0, '=': 0.5, 'D': 0.5, 'H': 0.5}
for line in players:
    head, cells = line[:91].ljust(91), line[91:]
    keep = []
    for i in range(r):
        cell = cells[i * 10:i * 10 + 10].ljust(10)
        if i < r - 1:
            keep.append(cell)
        elif cell[0:4] in ('0000', '    ') and cell[7] not in ('U', ' ', '+'):
            keep.append(cell)
    total_pts = sum(pts.get(c[7].upper(), 0.0) for c in keep)
    head = head[:80] + ('%4.1f' % total_pts) + head[84:]
    out.append((head + ''.join(keep)).rstrip())
if len(sys.argv) > 4 and sys.argv[4] == 'baku':
    # SW-6 (C.04.5.1): group A the first 2*ceil(n/4) by pairing number,
    # one point in the first half (rounded up) of the accelerated rounds,
    # half a point in the rest; the same values written for both engines
    ids = sorted(int(l[4:8]) for l in players)
    ga = set(ids[:2 * ((len(ids) + 3) // 4)])
    acc = (total + 1) // 2
    full = (acc + 1) // 2
    for pid in sorted(ga):
        out.append('XXA %4d ' % pid + ' '.join('%4.1f' % (1.0 if k < full else 0.5) for k in range(acc)))
open(dst, 'w', encoding='utf-8').write('\n'.join(out) + '\n')
PY

tournaments=0 rounds=0 same=0 ours_failed=0 bbp_failed=0
i=0
while [ "$i" -lt "$count" ]; do
	s=$((seed + i))
	i=$((i + 1))
	players=$((7 + s % 54))
	nrounds=$((5 + s % 7))
	cat >"$work/config" <<CFG
PlayersNumber=$players
RoundsNumber=$nrounds
DrawPercentage=30
ForfeitRate=25
HalfPointByeRate=40
RetiredRate=60
CFG
	if ! "$bbp" --dutch -g "$work/config" -o "$work/t.trf" -s "$s" >/dev/null 2>&1; then
		continue
	fi
	tournaments=$((tournaments + 1))
	r=1
	while [ "$r" -le "$nrounds" ]; do
		python3 "$work/trunc.py" "$work/t.trf" "$work/in.trf" "$r" "${BAKU:+baku}"
		rounds=$((rounds + 1))
		if ! "$bbp" --dutch "$work/in.trf" -p "$work/bbp.txt" >/dev/null 2>&1; then
			bbp_failed=$((bbp_failed + 1))
		elif ! "$CHESSCUBING" pair --dutch "$work/in.trf" -p "$work/ours.txt" 2>/dev/null; then
			ours_failed=$((ours_failed + 1))
		elif cmp -s "$work/bbp.txt" "$work/ours.txt"; then
			same=$((same + 1))
		elif [ "${KEEP:-0}" = 1 ]; then
			cp "$work/in.trf" "$BBP_DIR/diffs/s$s-r$r.trf"
		fi
		r=$((r + 1))
	done
	[ "${PROGRESS:-0}" = 1 ] && echo "after seed $s: tournaments $tournaments, rounds $rounds, identical $same"
done
echo "tournaments $tournaments (seeds $seed..$((seed + count - 1))), rounds $rounds, identical $same, different $((rounds - same - ours_failed - bbp_failed)), ours failed $ours_failed, bbpPairings failed $bbp_failed"
