// relay_test.mjs BIN: `serve`'s PGN feeds followed by a model of a lichess
// broadcast's relay (rules/relay.md, BR-1 to BR-3).
//
// The model is written from lila's documented behaviour (its relay module,
// read, not copied): at each poll the feed's games are matched, in the
// feed's order, to the broadcast's boards ("chapters") by
//   - the same Event and Site, the same round number and board number, and
//     the same players (White, Black); or
//   - the same Event, Site and round number, and the same position after
//     the last move the two have in common (its "first moves" rule);
// each board taken by one game at most; a game no board matches becomes a
// new board at the end; a matched board takes the game's tags and moves.
// The board number is compared but never used to find a board by itself.
//
// A four-player event, round 1 on two boards: board 1 plays a whole Twice
// match with two lost moves and a double move (four games, BR-1), board 2
// waits, then plays a few moves. The relay polls /event/NAME.pgn (and
// /match/ID.pgn) after every recorded event; each poll must leave every
// board with the game it had (its moves only growing), no two games of a
// feed with the same identity tags, board 2 present before its game starts
// (BR-2), and every move with its [%clk].
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { serve as serveDb, ok, bad, conclude } from './serve_lib.mjs';
const serve = (extra = []) => serveDb(process.argv[2], DB, extra);
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.env.CC_CLAUSES === 'list') {
  console.log('CLAUSES: web_relay BR-1 BR-2 BR-3');
  process.exit(0);
}
const here = dirname(fileURLToPath(import.meta.url));
const { Chess } = await import(join(here, '../pgn/node_modules/chess.js/dist/esm/chess.js')).catch(() => {
  console.log('chess.js is missing: npm ci in tests/pgn (scripts/dev.sh test does it)');
  process.exit(process.env.CI === 'true' ? 1 : 77);
});

const BIN = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'cc-relay-'));
const DB = join(dir, 'relay.db');
const EVENT = 'Relais démo';

function run(args) {
  const r = spawnSync(BIN, args, { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3) throw new Error(`chesscubing ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}
let scn = 0;
function script(lines, resume) {
  const file = join(dir, `s${++scn}.scn`);
  writeFileSync(file, lines.join('\n') + '\n');
  const state = JSON.parse(run(['script', '--db', DB, ...(resume ? ['--resume', String(resume)] : []), file]));
  const refused = (state.errors || []).filter(e => e.code !== 'not_paused');
  if (refused.length) throw new Error('refused: ' + JSON.stringify(refused) + ' at ' + lines.join(' | '));
  return state;
}


// ---- a multi-game PGN, as the relay reads it -------------------------------------------

function parsePgn(text) {
  const games = [];
  for (const chunk of text.split(/\n\n(?=\[Event )/)) {
    if (!chunk.trim()) continue;
    const tags = {};
    for (const m of chunk.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    const movetext = chunk.replace(/^\[.*\]$/gm, '').trim();
    const chess = new Chess(tags.FEN || undefined);
    const moves = [], fens = [];
    let clocks = 0;
    // Tokens: comments, move numbers, moves, the result.
    for (const tok of movetext.match(/\{[^}]*\}|\S+/g) || []) {
      if (tok.startsWith('{')) { if (/\[%clk \d+:\d\d:\d\d(\.\d)?\]/.test(tok)) clocks++; continue; }
      if (/^\d+\.+$/.test(tok) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(tok)) continue;
      const t = tok.replace(/^\d+\.+/, '');
      if (!t) continue;
      chess.move(t);
      moves.push(t);
      fens.push(chess.fen().split(' ').slice(0, 4).join(' '));
    }
    games.push({ tags, moves, fens, clocks });
  }
  return games;
}

// ---- the model of the relay's matching rule ------------------------------------------------

const roundNumber = t => { const n = parseInt((t.Round || '').split('.')[0], 10); return Number.isNaN(n) ? null : n; };
const boardNumber = t => {
  const b = parseInt(t.Board || '', 10);
  if (!Number.isNaN(b)) return b;
  const r = (t.Round || '').split('.');
  return r.length > 1 && !Number.isNaN(parseInt(r[1], 10)) ? parseInt(r[1], 10) : null;
};
const sameEvent = (a, b) => a.Event === b.Event && a.Site === b.Site;
function sameByTags(a, b) {
  return sameEvent(a, b) && roundNumber(a) === roundNumber(b) && boardNumber(a) === boardNumber(b) &&
    a.White === b.White && a.Black === b.Black;
}
function sameByFirstMoves(g, c) {
  if (!sameEvent(g.tags, c.tags) || roundNumber(g.tags) !== roundNumber(c.tags)) return false;
  const at = Math.max(0, Math.min(g.fens.length, c.fens.length) - 1);
  return g.fens[at] !== undefined && c.fens[at] !== undefined && g.fens[at] === c.fens[at];
}

// One poll: the chapters after the games are matched, and what went wrong.
function relayPoll(chapters, games) {
  const taken = new Set();
  const problems = [];
  for (const g of games) {
    const c = chapters.find(ch => !taken.has(ch) && (sameByTags(g.tags, ch.tags) || sameByFirstMoves(g, ch)));
    if (!c) {
      chapters.push({ ...g, key: identity(g.tags) });
      taken.add(chapters[chapters.length - 1]);
      continue;
    }
    taken.add(c);
    // a board keeps its game: the same identity, its moves only growing
    if (c.key !== identity(g.tags)) problems.push(`board "${c.key}" took game "${identity(g.tags)}"`);
    if (g.moves.length < c.moves.length || c.moves.some((m, i) => g.moves[i] !== m))
      problems.push(`board "${c.key}" lost moves: ${c.moves.join(' ')} -> ${g.moves.join(' ')}`);
    Object.assign(c, g);
  }
  return problems;
}
const identity = t => ['Event', 'Site', 'Round', 'Board', 'White', 'Black'].map(k => t[k] ?? '').join('|');

// ---- the event, recorded step by step -----------------------------------------------------

const BOARD1 = [
  '0 start', '1000 move w e4',
  '22000 move w Nf3',                // Black's move lost on the 20 s clock
  '23000 move b e5', '24000 move w Bc4',
  '45000 move w d3',                 // Black's second lost move
  '46000 move b Nc6', '47000 move w 0-0', '48000 move b Nf6', '49000 move w Nc3', '50000 move b d6',
  '60000 cube w 18.20', '61000 cube b 19.75',
  '70000 start', '71000 move w h3',  // White's double move: the free move, then
  '72000 move w a3', '73000 move b Be7', '74000 resign b',
];
const BOARD2 = ['0 start', '1000 move w d4', '2000 move b d5', '3000 move w c4'];

async function main() {
  for (const name of ['Ana', 'Bea', 'Cyr', 'Dan']) run(['players', '--db', DB, 'add', name]);
  run(['event', '--db', DB, 'create', EVENT, '--players', 'Ana,Bea,Cyr,Dan', '--format', 'twice', '--category', 'fast']);
  const show = JSON.parse(run(['event', '--db', DB, 'show', EVENT, '--json']));
  const round1 = show.pairings.filter(p => p.round === 1 && !p.bye);
  const settings = p => `settings format=twice category=fast record=moves event=${EVENT.replace(/ /g, '_')} ` +
    `white=${p.white} black=${p.black}`;
  const { url } = await serve();
  const feed = url + 'event/' + encodeURIComponent(EVENT) + '.pgn';
  const chapters = [];
  const matchChapters = [];
  let polls = 0, problems = [], etag = null, notModified = 0;

  async function poll(what) {
    const r = await fetch(feed, { headers: etag ? { 'If-None-Match': etag } : {} });
    if (r.status === 304) { notModified++; return; }
    etag = r.headers.get('etag');
    if (r.headers.get('content-language') !== 'en') problems.push(`${what}: Content-Language ${r.headers.get('content-language')}`);
    const games = parsePgn(await r.text());
    polls++;
    const keys = games.map(g => identity(g.tags));
    if (new Set(keys).size !== keys.length) problems.push(`${what}: two games share their identity tags: ${keys.join(' / ')}`);
    for (const g of games) {
      if (!g.tags.Board) problems.push(`${what}: a game without a Board tag`);
      if (g.clocks !== g.moves.length) problems.push(`${what}: ${g.moves.length} moves, ${g.clocks} [%clk]`);
    }
    if (polls > 1 && games.length && !games.some(g => g.tags.Board === String(round1[1].board)))
      problems.push(`${what}: board ${round1[1].board} missing before its game started`);
    problems.push(...relayPoll(chapters, games).map(p => `${what}: ${p}`));
  }

  async function pollMatch(id, what) {
    const r = await fetch(url + `match/${id}.pgn`);
    const games = parsePgn(await r.text());
    problems.push(...relayPoll(matchChapters, games).map(p => `${what} (match feed): ${p}`));
  }

  await poll('before the round');
  let first = script([settings(round1[0]), BOARD1[0]]);
  const id1 = first.match_id;
  await poll('board 1 started');
  await pollMatch(id1, 'board 1 started');
  if (chapters.length === 2) ok('board 2 is in the feed, waiting, as soon as the round has started (BR-2)');
  else bad(`${chapters.length} boards after the round started: ${chapters.map(c => c.key).join(' / ')}`);
  // A match resumed comes back paused (RU-18): each step resumes it at the
  // time of the step before, so the clocks run (and lose moves) between steps.
  let prev = 0;
  for (const line of BOARD1.slice(1)) {
    script([settings(round1[0]), `${prev} resume`, line], id1);
    prev = Number(line.split(' ')[0]);
    await poll(line);
    await pollMatch(id1, line);
  }
  const id2 = script([settings(round1[1]), BOARD2[0]]).match_id;
  await poll('board 2 started');
  prev = 0;
  for (const line of BOARD2.slice(1)) {
    script([settings(round1[1]), `${prev} resume`, line], id2);
    prev = Number(line.split(' ')[0]);
    await poll('board 2: ' + line);
  }
  if (!problems.length) ok(`every board kept its games over ${polls} polls (${notModified} answered 304), no two games with the same identity`);
  else for (const p of problems.slice(0, 20)) bad(p);

  const b1 = chapters.filter(c => c.tags.Board === String(round1[0].board));
  const parts = b1.map(c => c.tags.Part || '1').join(',');
  if (b1.length === 4 && parts === '1,2,3,4') ok('board 1: its Twice match as 4 games, in order (BR-1)');
  else bad(`board 1: ${b1.length} games, parts ${parts}`);
  const all = chapters.flatMap(c => c.moves).length;
  if (all === 13 + 3) ok('every move of both boards reached the relay'); else bad(`${all} moves reached the relay`);
  if (b1[3] && b1[3].tags.Result === '1-0') ok('the result is on the last game of the match'); else bad('result: ' + (b1[3] && b1[3].tags.Result));
  if (matchChapters.length === 4) ok('the match feed: 4 games, each kept'); else bad(`match feed: ${matchChapters.length} games`);

  // BR-3: a board recorded by count says so in the feed, in one language.
  const c = script(['settings format=twice category=fast white=Eve black=Fay', '0 start']);
  const en = await (await fetch(url + `match/${c.match_id}.pgn`)).text();
  const fr = await (await fetch(url + `match/${c.match_id}.pgn?lang=fr`)).text();
  if (/recorded by count, without its moves/.test(en) && /enregistré au compte/.test(fr) && !/recorded by count/.test(fr))
    ok('a match recorded by count says in its feed that a broadcast shows no move, in the language asked (BR-3)');
  else bad('count match: ' + en.slice(-300));
}

await conclude(dir, main);
