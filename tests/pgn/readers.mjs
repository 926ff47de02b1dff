// readers.mjs: chess.js's side of tests/pgn/pgn_readers.sh.
//   node readers.mjs load FILE      each game of FILE through chess.js's loadPgn
//                                   (strict): one line per game, "fen <FEN>" or
//                                   "skip" (a Checkered or Chess-Uno game, not
//                                   chess) or "refused <reason>"
//   node readers.mjs moves FILE     the same, "moves <SAN...>" for each game read
//   node readers.mjs generate N     N games of legal moves (a fixed seed: the
//                                   same file every run) written as other tools
//                                   write PGN, then "%%expect" lines: each game's
//                                   final FEN as chess.js has it
import { Chess } from 'chess.js';
import { readFileSync } from 'node:fs';

function games(text) {
  // a game starts at a tag line that follows a line which is not a tag
  const lines = text.split('\n');
  const out = [];
  let cur = [], inTags = false;
  for (const line of lines) {
    const tag = line.startsWith('[');
    if (tag && !inTags && cur.some((l) => l.trim() !== '')) { out.push(cur.join('\n')); cur = []; }
    inTags = tag;
    cur.push(line);
  }
  if (cur.some((l) => l.trim() !== '')) out.push(cur.join('\n'));
  return out;
}

function load(file, moves) {
  for (const g of games(readFileSync(file, 'utf8'))) {
    const variant = (g.match(/^\[Variant "([^"]*)"\]/m) || [])[1] || '';
    if (/Checkered|Chess-Uno/.test(variant)) { console.log('skip'); continue; }
    const chess = new Chess();
    try {
      chess.loadPgn(g, { strict: true });
      console.log(moves ? 'moves ' + chess.history().join(' ') : 'fen ' + chess.fen());
    } catch (e) {
      console.log('refused ' + String(e.message).split('\n')[0]);
    }
  }
}

function generate(n) {
  let seed = 20261201;
  const rand = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
  const expect = [];
  let text = '\uFEFF% written by tests/pgn/readers.mjs: a PGN file as other tools write them\n';
  for (let g = 1; g <= n; g++) {
    const chess = new Chess();
    const plies = 1 + rand(80);
    let moves = '';
    for (let p = 0; p < plies && !chess.isGameOver(); p++) {
      const legal = chess.moves({ verbose: true });
      const pick = rand(legal.length);
      const m = legal[pick];
      // a variation: other moves for this ply, from the position before it
      const number = p % 2 === 0 ? `${p / 2 + 1}.` : `${(p + 1) / 2}...`;
      const alt = legal[(pick + 1) % legal.length].san, alt2 = legal[(pick + 2) % legal.length].san;
      chess.move(m.san);
      let san = m.san;
      const style = rand(12);
      if (san.startsWith('O-O') && style < 6) san = san.replace(/O/g, '0');
      if (m.flags.includes('e') && style < 8) san += style < 4 ? ' e.p.' : 'e.p.';
      if (p % 2 === 0) moves += `${p / 2 + 1}. `;
      else if (style === 0) moves += `${(p + 1) / 2}... `;
      moves += san;
      if (style === 1) moves += ' !';
      if (style === 2) moves += '!?';
      if (style === 3) moves += ' $14';
      if (style === 4) moves += ' {a comment}';
      if (style === 5) moves += ` (${number} ${alt} {inside} (${number} ${alt2}))`;
      if (style === 6) moves += ' ; a rest-of-line comment\n';
      moves += p % 9 === 8 ? '\n' : ' ';
      if (style === 7 && p % 9 === 8) moves += '% an escape line\n';
    }
    const result = chess.isCheckmate() ? (chess.turn() === 'w' ? '0-1' : '1-0') : chess.isDraw() ? '1/2-1/2' : '*';
    text += `[Event "Generated ${g}"]\n[Site "?"]\n[Date "2026.12.01"]\n[Round "${g}"]\n[White "W${g}"]\n[Black "B${g}"]\n[Result "${result}"]\n\n${moves}${result}\n\n`;
    expect.push(chess.fen());
  }
  process.stdout.write(text);
  for (const f of expect) process.stdout.write(`%%expect ${f}\n`);
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'load') load(arg, false);
else if (mode === 'moves') load(arg, true);
else if (mode === 'generate') generate(Number(arg));
else { console.error('usage: node readers.mjs load FILE | moves FILE | generate N'); process.exit(2); }
