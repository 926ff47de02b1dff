/*
 * app.js: the audience's page (served by `chesscubing serve`, src/web/).
 *
 * One script for the three views: / (the wall: every live board at once,
 * paged when more than fit the screen; then the events), /match/ID (one
 * board filling a projector's screen, or a phone's) and /event/NAME (the
 * event's wall, its standings, crosstable and pairings). Each view follows its
 * topic by Server-Sent Events; every frame carries the whole state, so a
 * view is drawn again from the frame alone.
 *
 * Safety: every text from the record (names, reasons, the renderer's
 * sentences) enters the document through textContent (names inside <bdi>,
 * so a right-to-left override stays inside the name); nothing is ever
 * parsed as markup. The page runs under a CSP that forbids inline script.
 *
 * Clocks: a frame says each clock's value at the server's "now" and
 * whether it runs (the core's view says so, the page decides nothing);
 * between frames the page counts the running ones down from the moment
 * the frame arrived, and never past zero. They never go back either: a
 * board whose console stops keeps the clocks shown (holdClocks), and the
 * resume's correction is said when the arbiter resumes.
 *
 * Timers (rules/stackmat.md SM-6): in a cube phase a frame may carry what
 * the console read of the players' Stackmat timers (board.timers); a
 * running one is counted on from the frame, and says "signal lost" when
 * the page is no longer live: never a running time frozen. What the
 * audience sees of them is informative; the times entered are the record's.
 */
'use strict';

/* The page's words come from the server (/words.json, src/web/words.c),
 * said from the program's catalogue in the language asked: this script
 * holds no word of any language, only the keys it asks for. */
let words = {};           /* key -> text, in wordsLang */
let wordsLang = null;
let langs = [];           /* the server's languages: [{code, name}] */
let decimal = '.';        /* the language's decimal separator (its row's) */
let lang = null;          /* chosen on the page (kept), else the server's pick */
let frame = null;         /* the last frame */
let arrived = 0;          /* performance.now() when it came */
let source = null;
let turnedAway = false;     /* the server said it is full (answer_full) */

function w(key) {
  return words[key] || '';
}

/* The words (and the languages) in code, then calls done; a failure keeps
 * the last ones (the frames still come). */
function loadWords(code, done) {
  const url = '/words.json' + (code ? '?lang=' + encodeURIComponent(code) : '');
  fetch(url).then(r => r.ok ? r.json() : Promise.reject(r.status)).then(j => {
    words = j.words || {};
    wordsLang = lang = j.lang; /* the server's reading of what was asked */
    decimal = j.decimal || '.';
    langs = j.langs || [];
    langButtons();
    done();
  }, () => done());
}

/* One button a language of the server's, by its code (text only). */
function langButtons() {
  const nav = document.getElementById('langs');
  if (!nav || nav.childElementCount === langs.length) return;
  nav.replaceChildren(...langs.map(l => {
    const b = el('button', { type: 'button', lang: l.code, title: l.name }, l.code.toUpperCase());
    b.dataset.lang = l.code;
    b.addEventListener('click', () => choose(l.code));
    return b;
  }));
}

/* ---- building the document (text only) ------------------------------------ */

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(typeof kid === 'string' || typeof kid === 'number' ? document.createTextNode(String(kid)) : kid);
  }
  return e;
}

/* A name from the record: text, isolated from the text around it. */
function who(name) {
  return el('bdi', { class: 'name' }, name || '');
}

/* ---- clocks ------------------------------------------------------------------ */

function elapsed() {
  return performance.now() - arrived;
}

/* A running clock counted down since the frame came, never past zero. */
function clockNow(ms, running) {
  if (!running || ms <= 0) return ms;
  return Math.max(ms - elapsed(), 0);
}

/* RU-41: whole seconds, rounded down; tenths in the last five seconds and
 * below zero (as the console: "2:58", "0:04.9"; the move clock in seconds
 * alone, "17", "4.9", never below zero). */
function fmtClock(ms, seconds) {
  const neg = ms < 0 && !seconds;
  const a = seconds ? Math.max(ms, 0) : Math.abs(ms);
  const tenths = neg || a < 5000;
  const s = Math.floor(a / 1000), t = Math.floor(a / 100) % 10;
  const text = seconds ? String(s) : Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  return (neg ? '−' : '') + text + (tenths ? '.' + t : '');
}

function fmtCs(cs) {
  if (cs === null || cs === undefined) return '…';
  if (cs === 'DNF') return w('dnf');
  const s = cs / 100;
  const text = s >= 60 ? Math.floor(s / 60) + ':' + (s % 60).toFixed(2).padStart(5, '0') : s.toFixed(2);
  return text.replace('.', decimal);
}

/* An element whose text is a clock, updated between frames. */
function clockEl(cls, ms, running, seconds, id) {
  const e = el('span', { class: 'clock ' + cls + (running ? ' running' : ''), id: id });
  e.dataset.ms = ms;
  e.dataset.run = running ? '1' : '';
  e.dataset.seconds = seconds ? '1' : '';
  e.textContent = fmtClock(clockNow(ms, running), seconds);
  return e;
}

/* A timer's time: tenths while it runs, hundredths once stopped (as the console). */
function fmtTimer(ms, running) {
  if (!running) return fmtCs(Math.floor(ms / 10));
  const t = Math.floor(ms / 100), s = t / 10;
  const text = s >= 60 ? Math.floor(s / 60) + ':' + (s % 60).toFixed(1).padStart(4, '0') : s.toFixed(1);
  return text.replace('.', decimal);
}

function live() {
  return document.getElementById('live').dataset.state === 'live';
}

/* RE-10.1 (issue 35 item 6): where side's counted solve time came from,
 * "timer" or "typed" (the renderer's texts), '' before it is counted. */
function solveSource(b, side) {
  return (b.texts && b.texts[side + '_source']) || '';
}
function sourceText(b, side) {
  const s = solveSource(b, side);
  return s ? ' ' + w(s === 'timer' ? 'source_timer' : 'source_typed') : '';
}

/* SM-6.1: side's timer as the console read it; null when none is shown. */
function timerEl(b, side, noId) {
  const t = b.timers, st = b.state;
  const entered = st.cube[side + '_cs'] !== null && st.cube[side + '_cs'] !== undefined;
  if (!t || entered) return null;
  const one = t.status === 'live' ? t[side] : { state: 'nosignal', ms: 0 };
  if (!one || one.state === 'none') return null;
  const e = el('div', { class: 'timer', id: noId ? null : 'timer-' + side, 'data-state': one.state });
  e.dataset.ms = one.ms;
  timerText(e);
  return e;
}

function timerText(e) {
  const state = e.dataset.state, running = state === 'running';
  const ms = running ? Number(e.dataset.ms) + elapsed() : Number(e.dataset.ms);
  const text = running && !live() ? w('timer_nosignal')
    : running ? w('timer_running') + ' ' + fmtTimer(ms, true)
    : state === 'stopped' ? w('timer_stopped') + ' ' + fmtTimer(ms, false) + ' (' + w('timer_confirms') + ')'
    : w('timer_' + state) || w('timer_nosignal');
  if (e.textContent !== text) e.textContent = text;
}

function tick() {
  wallPage();
  for (const e of document.querySelectorAll('.timer[data-state="running"]')) timerText(e);
  for (const e of document.querySelectorAll('.clock.running')) {
    const ms = clockNow(Number(e.dataset.ms), true);
    const text = fmtClock(ms, e.dataset.seconds === '1');
    if (e.textContent !== text) e.textContent = text;
  }
}

/* ---- the board ----------------------------------------------------------------- */

const GLYPHS = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const SVGNS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

/* The square a SAN move lands on (castling: the king's), read from its text. */
function landing(san, fen) {
  if (!san || san === '--') return null;
  const mover = fen.split(' ')[1] === 'w' ? 'b' : 'w';
  const rank = mover === 'w' ? 0 : 7;
  if (/^[O0]-[O0]-[O0]/.test(san)) return { f: 2, r: rank };
  if (/^[O0]-[O0]/.test(san)) return { f: 6, r: rank };
  const m = san.match(/([a-h])([1-8])(?!.*[a-h][1-8])/);
  return m ? { f: m[1].charCodeAt(0) - 97, r: Number(m[2]) - 1 } : null;
}

/* What a screen reader says of the board (issue 34): whose turn, the last
 * move, the material of each side, in the page's words; never the FEN. */
function boardText(b) {
  const st = b.state, rows = (st.fen || '').split(' ')[0];
  const side = upper => {
    const n = {};
    for (const ch of rows) if (GLYPHS[ch.toLowerCase()] && (ch !== ch.toLowerCase()) === upper) n[ch.toLowerCase()] = (n[ch.toLowerCase()] || 0) + 1;
    return 'kqrbnp'.split('').filter(k => n[k]).map(k => w('piece_' + k) + (n[k] > 1 ? ' ×' + n[k] : '')).join(', ');
  };
  const last = b.texts.last_move || st.last_move_san || w('no_move_yet');
  return w('board_desc') + '. ' + turnText(b) + '. ' + w('last_move') + w('colon') + last + '. ' + w('material') +
    w('colon') + w('white') + ' ' + side(true) + '; ' + w('black') + ' ' + side(false) + '.';
}

function boardSvg(fen, san, label) {
  const s = svg('svg', { viewBox: '0 0 80 80', class: 'board', role: 'img', 'aria-label': label || '' });
  const rows = (fen || '').split(' ')[0].split('/');
  const hit = landing(san, fen || '');
  for (let r = 0; r < 8; r++)
    for (let f = 0; f < 8; f++) {
      const light = (r + f) % 2 === 1;
      const last = hit && hit.f === f && hit.r === r;
      s.append(svg('rect', { x: f * 10, y: (7 - r) * 10, width: 10, height: 10,
        class: (light ? 'light' : 'dark') + (last ? ' last' : '') }));
    }
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) { f += Number(ch); continue; }
      const g = GLYPHS[ch.toLowerCase()];
      if (g) {
        const white = ch !== ch.toLowerCase();
        s.append(svg('text', { x: f * 10 + 5, y: i * 10 + 8.6, class: 'piece ' + (white ? 'pw' : 'pb') }, g));
      }
      f++;
    }
  });
  return s;
}

/* ---- one board ------------------------------------------------------------------- */

function sideName(st, side) {
  return st.players[side];
}

/* The side whose move it is while a block runs (null otherwise). */
function mover(st) {
  if (st.result || st.uno || st.phase !== 'block' || !st.block_started || st.paused) return null;
  return st.to_move || null;
}

/* Whose turn it is, in words (issue 34): "Anne to move", the cube phase,
 * the wait for the arbiter, the result. Nodes (names in <bdi>). */
function turnLine(b) {
  const st = b.state, m = mover(st);
  if (st.result) return [b.texts.result || ''];
  if (st.uno) return [who(sideName(st, st.uno.player)), ' ' + w('to_move')];
  if (m) return [who(sideName(st, m)), ' ' + w('to_move')];
  if (st.phase === 'cube') return [w('solving')];
  if (st.paused) return [w('paused')];
  return [w('setup')];
}

function turnText(b) {
  return turnLine(b).map(k => typeof k === 'string' ? k : k.textContent).join('');
}

function phaseLine(b) {
  const st = b.state, t = b.texts;
  if (st.result) return el('div', { class: 'phase over', id: 'phase', 'data-phase': 'over' }, t.result);
  if (st.uno) {
    const u = st.uno;
    return el('div', { class: 'phase', id: 'phase', 'data-phase': 'uno-' + u.phase },
      w('turn') + ' ' + u.turn + ' · ', who(sideName(st, u.player)), ' (' + w(u.army) + ')');
  }
  if (st.phase === 'cube' && st.cube)
    return el('div', { class: 'phase cube', id: 'phase', 'data-phase': 'cube', 'data-cube': st.cube.number },
      w('cube_phase') + ' · ' + w('cube') + ' ', el('span', { id: 'cube-number' }, st.cube.number),
      st.cube.attempt > 1 ? ' (' + w('attempt') + ' ' + st.cube.attempt + ')' : '');
  if (st.phase === 'setup' || (st.phase === 'block' && !st.block_started))
    return el('div', { class: 'phase', id: 'phase', 'data-phase': 'setup' },
      st.quota ? w('block') + ' ' + st.block + ' · ' : '', w('setup'));
  return el('div', { class: 'phase', id: 'phase', 'data-phase': 'block', 'data-block': st.block },
    st.quota ? w('block') + ' ' + st.block : '', st.paused ? ' · ' + w('paused') : '',
    st.check ? ' · ' + w('check') : '');
}

function playerBox(b, side) {
  const st = b.state;
  const toMove = mover(st) === side;
  const kids = [el('div', { class: 'who' }, el('span', { class: 'colour ' + side }, w(side)), ' ', who(sideName(st, side)))];
  if (toMove) kids.push(el('div', { class: 'turn-badge', id: 'turn-badge' }, w('to_move')));
  if (st.clock_ms)
    kids.push(clockEl('chess', st.clock_ms[side], b.running[side], false, 'clock-' + side));
  if (toMove && st.quota && st.move_ms_left !== null && st.move_ms_left !== undefined)
    kids.push(el('div', { class: 'move-clock-box' }, el('span', { class: 'label' }, w('move_clock')),
      clockEl('move', st.move_ms_left, b.running.move, true, 'move-clock')));
  if (st.quota && st.phase !== 'cube' && !st.result) {
    const lost = st.lost[side] ? ' · ' + st.lost[side] + ' ' + w('lost') : '';
    kids.push(el('div', { class: 'quota', id: 'moves-' + side }, w('moves') + ' ' + st.moves[side] + '/' + st.quota + lost));
  }
  if (st.phase === 'cube' && st.cube) {
    kids.push(el('div', { class: 'solve', id: 'solve-' + side, 'data-source': solveSource(b, side) },
      w('solve') + ' ' + fmtCs(st.cube[side + '_cs']) + sourceText(b, side)));
    const timer = timerEl(b, side);
    if (timer) kids.push(timer);
  }
  return el('div', { class: 'player ' + side + (toMove ? ' to-move' : ''), 'data-to-move': toMove ? '1' : '' }, kids);
}

function unoPanel(b) {
  const u = b.state.uno, t = b.texts, st = b.state;
  /* the card's colour, as its label (the core's) starts: "red-3", "blue-skip" */
  const colour = u.card ? u.card.label.split('-')[0] : '';
  const card = el('div', { class: 'uno-card ' + colour, id: 'uno-card', 'data-card': u.card ? u.card.label : '' }, t.card_big || '·');
  const facts = el('div', { class: 'uno-facts' },
    el('div', {}, w('card') + w('colon'), t.card || ''),
    u.phase === 'moves' ? el('div', { id: 'uno-moves' }, u.moves_left + ' ' + w('moves_left')) : null,
    u.phase === 'placement' ? el('div', {}, w('placement') + ' (' + u.placements_left + ')') : null,
    el('div', { id: 'uno-pile' }, w('pile') + w('colon') + u.pile),
    el('div', {}, w('discards') + w('colon'), who(sideName(st, 'white')), ' ' + u.discards.white.count + ' · ',
      who(sideName(st, 'black')), ' ' + u.discards.black.count),
    t.step ? el('div', { class: 'step' }, t.step) : null);
  return el('section', { class: 'uno' }, card, facts);
}

/* The board's notices: the console gone (clocks held where they were
 * shown: they never go back), the correction the arbiter's resume made,
 * no console at all. */
function notices(b) {
  const st = b.state, out = [];
  if (b.held && !st.result) out.push(el('div', { class: 'notice', id: 'console-stopped' }, w('console_stopped')));
  else if (!b.console && !st.result) out.push(el('div', { class: 'notice' }, w(st.uno ? 'no_console_uno' : 'no_console')));
  if (b.correction !== undefined)
    out.push(el('div', { class: 'correction', id: 'correction' }, w('resume_correction') + ' ' +
      (b.correction < 0 ? '−' : '+') + fmtClock(Math.abs(b.correction), false)));
  return out;
}

function boardView(b, big) {
  const st = b.state, t = b.texts, r = b.running;
  const main = [], side = [];
  main.push(el('h1', { class: 'title' }, el('span', { class: 'format' }, t.format),
    ' · ', w(t.kind) + ' ' + st.match_id, el('span', { class: 'sr-only' }, ' · ', who(st.players.white), ' – ',
      who(st.players.black))));
  main.push(phaseLine(b));
  if (st.result)
    main.push(el('div', { class: 'result', id: 'result', 'data-code': t.result_code }, t.result_code));
  const clocks = el('div', { class: 'clocks' });
  if (!st.result && !st.uno && st.phase === 'block' && st.quota) {
    clocks.append(el('div', { class: 'big-clock' }, el('span', { class: 'label' }, w('block_time')),
      clockEl('block', st.block_ms_left, r.block, false, 'block-clock')));
    if (!mover(st) && st.move_ms_left !== null && st.move_ms_left !== undefined)
      clocks.append(el('div', { class: 'move-clock-box' }, el('span', { class: 'label' }, w('move_clock')),
        clockEl('move', st.move_ms_left, r.move, true, 'move-clock')));
  }
  if (!st.result) clocks.append(el('div', { class: 'turn', id: 'turn' }, turnLine(b)));
  main.push(clocks);
  main.push(el('div', { class: 'players' }, playerBox(b, 'white'), playerBox(b, 'black')));
  if (!st.result && st.double_move && st.double_move !== 'none')
    main.push(el('div', { class: 'banner', id: 'double-move' }, w(st.double_move === 'free' ? 'double_free' : 'double_second')));
  if (st.phase === 'cube' && t.scramble)
    main.push(el('div', { class: 'scramble', id: 'scramble' }, el('span', { class: 'label' }, w('scramble')), ' ', t.scramble));
  if (t.last_cube && (big || st.phase !== 'cube'))
    main.push(el('div', { class: 'last-cube', id: 'last-cube' }, el('span', { class: 'label' }, w('last_cube')), ' ', t.last_cube));
  main.push(...notices(b));
  if (st.uno) side.push(unoPanel(b));
  if (st.fen) {
    side.push(el('div', { class: 'board-box' }, boardSvg(st.fen, st.last_move_san, boardText(b)),
      t.last_move ? el('div', { class: 'last-move', id: 'last-move' }, w('last_move') + w('colon'), t.last_move) : null));
  }
  if (big && b.log && b.log.length) {
    const list = el('ul', { class: 'log', id: 'log' });
    for (const line of b.log.slice(-12).reverse())
      list.append(el('li', { class: line.kind }, line.text));
    side.push(el('section', { class: 'log-box' }, el('h2', {}, w('log')), list));
  }
  return el('article', { class: 'match' + (big ? ' big' : ' small') + (st.result ? ' ended' : ''),
    'data-phase': st.result ? 'over' : st.phase },
    el('div', { class: 'main-col' }, main), side.length ? el('div', { class: 'side-col' }, side) : null);
}

/* ---- the wall: every live board at once (issue 34) ----------------------------------- */

/* a page of the wall stays this long when more boards than fit (?page_s=N: N seconds) */
const PAGE_MS = 1000 * (Number(new URLSearchParams(location.search).get('page_s')) || 12);

/* One board on the wall: players, clocks, whose turn in words, the phase,
 * the last move on a mini board, the result when over. No ids (many boards). */
function wallCard(b, label) {
  const st = b.state, t = b.texts, m = mover(st);
  const row = side => {
    const kids = [el('span', { class: 'colour ' + side }, w(side)), ' ', who(sideName(st, side))];
    const extra = [];
    if (st.clock_ms) extra.push(clockEl('chess', st.clock_ms[side], b.running[side], false));
    if (m === side && st.quota && st.move_ms_left !== null && st.move_ms_left !== undefined)
      extra.push(el('span', { class: 'wb-move' }, el('span', { class: 'label' }, w('move_clock')), ' ',
        clockEl('move', st.move_ms_left, b.running.move, true)));
    if (st.phase === 'cube' && st.cube && !st.result) {
      const timer = timerEl(b, side, true);
      extra.push(timer || el('span', { class: 'solve', 'data-source': solveSource(b, side) },
        w('solve') + ' ' + fmtCs(st.cube[side + '_cs']) + sourceText(b, side)));
    }
    return el('div', { class: 'wb-player ' + side + (m === side ? ' to-move' : '') }, el('div', { class: 'wb-name' }, kids),
      el('div', { class: 'wb-extra' }, extra));
  };
  const phase = [];
  if (!st.result && !st.uno) {
    if (st.phase === 'cube' && st.cube) phase.push(w('cube_phase') + ' · ' + w('cube') + ' ' + st.cube.number);
    else if (st.quota) phase.push(w('block') + ' ' + st.block);
    if (st.double_move && st.double_move !== 'none') phase.push(w('double_move'));
  }
  const main = [el('div', { class: 'wb-head' }, el('span', { class: 'format' }, t.format), label ? ' · ' + label : ''),
    row('white'), row('black')];
  if (st.result) main.push(el('div', { class: 'wb-result', 'data-code': t.result_code }, t.result_code));
  else if (st.phase === 'block' && st.quota)
    main.push(el('div', { class: 'wb-clock' }, el('span', { class: 'label' }, w('block_time')), ' ',
      clockEl('block', st.block_ms_left, b.running.block, false)));
  main.push(el('div', { class: 'wb-turn' + (m ? ' moving' : '') }, turnLine(b)));
  if (phase.length) main.push(el('div', { class: 'wb-phase' + (st.phase === 'cube' ? ' cube' : '') }, phase.join(' · ')));
  main.push(...notices(b).map(n => { n.removeAttribute('id'); return n; }));
  const side = st.fen ? el('div', { class: 'wb-board' }, boardSvg(st.fen, st.last_move_san, boardText(b)),
    el('div', { class: 'wb-last' }, t.last_move || st.last_move_san || '')) : null;
  return el('article', { class: 'wall-board' + (st.result ? ' ended' : ''), 'data-match': st.match_id,
    'data-phase': st.result ? 'over' : st.phase }, el('div', { class: 'wb-main' }, main), side);
}

/* How many boards a page of the wall holds on this screen: a phone scrolls
 * (one column, every board); a wide screen fits cols x rows and pages. */
function wallFit(count) {
  if (innerWidth < 700) return { cols: 1, rows: count, size: count };
  let cols = Math.max(1, Math.min(4, Math.floor(innerWidth / 560)));
  const rowsMax = Math.max(1, Math.floor((innerHeight - 110) / 380));
  cols = Math.min(cols, Math.max(1, count));
  const rows = Math.min(rowsMax, Math.max(1, Math.ceil(count / cols)));
  return { cols, rows, size: cols * rows };
}

/* Shows the page of the wall due now (the pages turn by themselves). */
function wallPage() {
  const wall = document.querySelector('.wall');
  if (!wall) return;
  const cards = [...wall.children];
  const fit = wallFit(cards.length);
  const pages = Math.max(1, Math.ceil(cards.length / fit.size));
  const page = Math.floor(Date.now() / PAGE_MS) % pages;
  const key = fit.cols + 'x' + fit.rows + ':' + page + '/' + pages;
  if (wall.dataset.fit === key) return;
  wall.dataset.fit = key;
  wall.classList.toggle('fit', innerWidth >= 700);
  wall.style.setProperty('--cols', fit.cols);
  wall.style.setProperty('--rows', fit.rows);
  cards.forEach((c, i) => { c.hidden = Math.floor(i / fit.size) !== page; });
  const pager = document.getElementById('wall-page');
  if (pager) pager.textContent = pages > 1 ? w('page') + ' ' + (page + 1) + '/' + pages : '';
}

/* ---- the views ------------------------------------------------------------------- */

function indexView(f) {
  const live = f.matches.filter(m => !m.over), done = f.matches.filter(m => m.over);
  const item = m => el('li', {}, el('a', { href: '/match/' + m.id },
    el('span', { class: 'format' }, m.title), ' ',
    who(m.white), ' – ', who(m.black), m.over ? ' ' + m.result : ''));
  const ev = e => el('li', {}, el('a', { href: '/event/' + encodeURIComponent(e.name) }, who(e.name)),
    ' · ' + e.players + ' ' + w('players') + ' · ' + e.finished + '/' + e.pairings + ' · ' + w(e.open ? 'open' : 'over'));
  const boards = f.boards || {};
  /* the wall in the order the boards were created (an event's round: by board) */
  const cards = live.filter(m => boards[String(m.id)]).sort((a, b) => a.id - b.id).map(m =>
    el('a', { href: '/match/' + m.id, class: 'board-link' }, wallCard(boards[String(m.id)], w(m.kind) + ' ' + m.id)));
  const rest = live.filter(m => !boards[String(m.id)]);
  return el('div', { class: 'index' },
    el('div', { class: 'wall-head' }, el('h1', {}, w('boards')), el('span', { class: 'wall-page', id: 'wall-page' })),
    cards.length ? el('section', { class: 'wall', id: 'live-boards' }, cards) : el('p', {}, w('none')),
    rest.length ? el('ul', { id: 'more-boards' }, rest.map(item)) : null,
    f.events.length ? el('section', {}, el('h2', {}, w('events')), el('ul', { id: 'events' }, f.events.map(ev))) : null,
    done.length ? el('section', {}, el('h2', {}, w('finished')), el('ul', { id: 'finished' }, done.map(item))) : null);
}

function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1).replace('.5', '½').replace(/^0½/, '½');
}

/* CL-9.6: an event with its own tie-break order has a column per code, in
 * its order, and a legend; a round robin without one keeps CL-3.5's. */
function orderedStandings(f) {
  const codes = f.event.tiebreaks;
  const head = el('tr', {}, [w('rank'), w('name'), w('points')].concat(codes, [w('played')]).map(t => el('th', {}, t)));
  const rows = f.standings.map(s => el('tr', {}, el('td', {}, s.rank), el('td', { class: 'n' }, who(s.name)),
    el('td', { class: 'pts' }, num(s.points)), (s.tb || []).map(v => el('td', {}, v)), el('td', {}, s.played)));
  return el('div', {}, el('table', { class: 'standings', id: 'standings' }, el('thead', {}, head), el('tbody', {}, rows)),
    el('p', { class: 'legend', id: 'tiebreak-legend' }, f.event.tiebreak_legend || ''));
}

function standingsTable(f) {
  if (f.event && f.event.tiebreaks)
    return orderedStandings(f);
  const head = el('tr', {}, ['rank', 'name', 'points', 'direct', 'wins', 'sb', 'played'].map(k => el('th', {}, w(k))));
  const rows = f.standings.map(s => el('tr', {}, el('td', {}, s.rank), el('td', { class: 'n' }, who(s.name)),
    el('td', { class: 'pts' }, num(s.points)), el('td', {}, s.direct_used ? num(s.direct) : ''), el('td', {}, s.wins),
    el('td', {}, s.sb.toFixed(2)), el('td', {}, s.played)));
  return el('table', { class: 'standings', id: 'standings' }, el('thead', {}, head), el('tbody', {}, rows));
}

/* One side's mark of a pairing's result (0 White, 1 Black): 1, 0, ½; a
 * forfeit + or - (rules/club.md CL-6.2, never 1 or 0); a cancelled game's
 * in parentheses; nothing for a bye asked for. */
function resultMark(result, s) {
  const games = { '1-0': ['1', '0'], '0-1': ['0', '1'], '1/2-1/2': ['½', '½'],
    '+/-': ['+', '-'], '-/+': ['-', '+'], '-/-': ['-', '-'] };
  const bare = result.replace(/^\((.*)\)$/, '$1');
  if (!games[bare]) return '';
  return bare === result ? games[bare][s] : '(' + games[bare][s] + ')';
}

/* The crosstable: each pairing's result code, read from the row player's side. */
function crosstable(f) {
  const names = f.standings.map(s => s.name);
  const cell = (a, b) => {
    for (const p of f.pairings) {
      if (p.bye || !p.over) continue;
      if (p.white === a && p.black === b) return resultMark(p.result, 0);
      if (p.black === a && p.white === b) return resultMark(p.result, 1);
    }
    return '';
  };
  const head = el('tr', {}, el('th', {}, el('span', { class: 'sr-only' }, w('corner'))), names.map((n, i) => el('th', {}, String(i + 1))));
  const rows = names.map((a, i) => el('tr', {}, el('th', { class: 'n' }, (i + 1) + ' ', who(a)),
    names.map(b => el('td', { class: a === b ? 'self' : '' }, a === b ? '×' : cell(a, b)))));
  return el('table', { class: 'crosstable', id: 'crosstable' }, el('thead', {}, head), el('tbody', {}, rows));
}

function eventView(f) {
  const e = f.event;
  /* the wall: the boards in play, and the finished ones of the rounds in play
   * (of the last round started when none is), in play first */
  const started = f.pairings.filter(p => p.match_id && f.boards[String(p.match_id)]);
  const playing = new Set(started.filter(p => !p.over).map(p => p.round));
  if (!playing.size && started.length) playing.add(Math.max(...started.map(p => p.round)));
  const order = p => !p.over ? 0 : 1;
  const shown = started.filter(p => playing.has(p.round) || !p.over)
    .sort((a, b) => (order(a) - order(b)) || (a.round - b.round) || (a.board - b.board));
  const boards = el('section', { class: 'wall', id: 'boards' }, shown.map(p =>
    el('a', { href: '/match/' + p.match_id, class: 'board-link' },
      wallCard(f.boards[String(p.match_id)], w('round') + ' ' + p.round + ' · ' + p.board))));
  /* every pairing, round by round, with its result */
  const list = el('ol', { class: 'pairings', id: 'pairings' }, f.pairings.slice()
    .sort((a, b) => (a.round - b.round) || (a.board - b.board)).map(p => el('li', {},
      el('span', { class: 'pairing' }, w('round') + ' ' + p.round + ' · ' + p.board + ' '),
      p.match_id ? el('a', { href: '/match/' + p.match_id }, who(p.white), ' – ', p.bye ? w('bye') : who(p.black))
        : el('span', {}, who(p.white), ' – ', p.bye ? w('bye') : who(p.black)),
      ' ' + (p.bye ? '' : p.over ? p.result : p.match_id ? w('in_play') : w('not_started')))));
  return el('div', { class: 'event' },
    el('div', { class: 'wall-head' }, el('h1', {}, who(e.name)), el('span', { class: 'wall-page', id: 'wall-page' })),
    el('p', { class: 'sub' }, e.title + ' · ' + e.players + ' ' + w('players') +
      ' · ' + e.rounds + ' ' + w('rounds') + ' · ' + e.finished + '/' + e.pairings,
      ' · ', el('a', { href: location.pathname + '.pgn' }, w('feed'))),
    shown.length ? boards : null,
    el('div', { class: 'event-grid' },
      el('section', { class: 'tables' }, el('h2', {}, w('standings')), standingsTable(f),
        el('h2', {}, w('crosstable')), crosstable(f)),
      el('section', {}, el('h2', {}, w('round')), list)));
}

function render() {
  if (!frame) return;
  const main = document.getElementById('main');
  let view;
  if (frame.error) view = el('p', { class: 'error' }, w('not_found') + w('colon'), frame.error);
  else if (frame.topic === 'index') view = indexView(frame);
  else if (frame.topic === 'event') view = eventView(frame);
  else view = boardView(frame.board, true);
  main.replaceChildren(view);
  wallPage();
  document.documentElement.lang = lang || 'en';
  document.body.dataset.topic = frame.topic;
  document.body.dataset.lang = lang || 'en';
  for (const b of document.querySelectorAll('#langs button'))
    b.classList.toggle('on', b.dataset.lang === (lang || 'en'));
  const title = frame.topic === 'match' && frame.board
    ? frame.board.state.players.white + ' – ' + frame.board.state.players.black
    : frame.topic === 'event' && frame.event ? frame.event.name : 'ChessCubing';
  document.title = title; /* a property: text, never markup */
}

/* ---- the audience's clocks never go back (issue 34) -------------------------------- */

/* The boards of a frame, by match id. */
function framesBoards(f) {
  if (!f) return {};
  if (f.topic === 'match') return f.board ? { [f.board.state.match_id]: f.board } : {};
  return f.boards || {};
}

/* The clocks of b as shown now (counted on since its frame came). */
function shownClocks(b) {
  const st = b.state, r = b.running;
  return { block: clockNow(st.block_ms_left, r.block), move: clockNow(st.move_ms_left, r.move),
    white: st.clock_ms ? clockNow(st.clock_ms.white, r.white) : null,
    black: st.clock_ms ? clockNow(st.clock_ms.black, r.black) : null };
}

const heldClocks = {}; /* match id -> {frozen} while its console is gone, {was} once the record moved on, {correction, until} after */

/* Before f is shown (the last frame still the one on screen): a board whose
 * console is gone with nothing recorded since keeps the clocks shown when it
 * went, never the record's last event (earlier, so the clocks would jump
 * back); when the arbiter resumes, the correction the resume made is said
 * for a while. A record that moved on (events) is shown as it is. */
function holdClocks(f) {
  const before = framesBoards(frame), now = performance.now();
  for (const [id, b] of Object.entries(framesBoards(f))) {
    const prev = before[id], memo = heldClocks[id];
    const still = memo?.frozen ? memo.events === b.events : prev && prev.console && prev.events === b.events;
    if (!b.console && !b.state.result && still && (memo?.frozen || !prev.state.result)) {
      const c = memo?.frozen || shownClocks(prev);
      heldClocks[id] = { frozen: c, events: b.events };
      b.state.block_ms_left = c.block;
      b.state.move_ms_left = c.move;
      if (b.state.clock_ms && c.white !== null) b.state.clock_ms = { white: c.white, black: c.black };
      b.running = { block: false, move: false, white: false, black: false };
      b.held = true;
    } else if (b.console && (memo?.frozen || memo?.was)) {
      const c = memo.frozen || memo.was, st = b.state;
      const deltas = [[st.block_ms_left, c.block], [st.clock_ms?.white, c.white], [st.clock_ms?.black, c.black]]
        .filter(([a, z]) => typeof a === 'number' && typeof z === 'number').map(([a, z]) => a - z);
      const big = deltas.reduce((m, d) => Math.abs(d) > Math.abs(m) ? d : m, 0);
      heldClocks[id] = { correction: Math.round(big / 100) * 100, until: now + 30000 };
    } else if (memo?.frozen) {
      /* the record moved on with no console seen (a resume's first events
       * can come before its console is): shown as it is, and the
       * correction still said against the clocks held when it comes */
      heldClocks[id] = { was: memo.frozen };
    }
    const m = heldClocks[id];
    if (m && m.correction !== undefined) {
      if (now < m.until && !b.state.result) b.correction = m.correction; else delete heldClocks[id];
    }
  }
}

/* ---- following ------------------------------------------------------------------- */

function streamUrl() {
  const path = location.pathname === '/' ? '/events' : location.pathname.replace(/\/$/, '') + '/events';
  const chosen = new URLSearchParams(location.search).get('lang') || localStorage.getItem('cc-lang');
  return chosen ? path + '?lang=' + encodeURIComponent(chosen) : path;
}

function setLive(state) {
  const e = document.getElementById('live');
  e.dataset.state = state;
  e.textContent = w(state);
}

function follow() {
  if (source) source.close();
  setLive(frame ? 'reconnecting' : 'connecting');
  source = new EventSource(streamUrl());
  source.onmessage = ev => {
    const f = JSON.parse(ev.data);
    holdClocks(f);
    frame = f;
    arrived = performance.now();
    if (!lang || !localStorage.getItem('cc-lang')) lang = f.lang || 'en';
    if (wordsLang !== lang) loadWords(lang, render); /* the server's pick, first seen in a frame */
    render();
    setLive(turnedAway ? 'turned_away' : 'live');
    /* read by scripts/bench_serve.sh: from the commit to this frame on screen */
    const commit = f.board && f.board.commit_wall_ms;
    if (commit && commit !== window.ccCommit) {
      window.ccCommit = commit;
      (window.ccLatencies = window.ccLatencies || []).push(Date.now() - commit);
    }
    window.ccFrames = (window.ccFrames || 0) + 1;
  };
  /* a full server sends "turned-away", the last frame, then ends the stream:
   * its words stay until a stream is opened again */
  source.addEventListener('turned-away', () => { turnedAway = true; setLive('turned_away'); });
  source.onopen = () => { turnedAway = false; };
  source.onerror = () => {
    if (turnedAway) {
      setLive('turned_away');
    } else if (source.readyState === EventSource.CLOSED) { /* refused (503): try again later */
      setLive('full');
      setTimeout(follow, 10000);
    } else {
      setLive('reconnecting');
    }
  };
}

/* A language chosen on the page: kept, its words asked, the frames
 * followed again in it (the renderer's sentences). */
function choose(code) {
  lang = code;
  localStorage.setItem('cc-lang', lang);
  const url = new URL(location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', lang);
    history.replaceState(null, '', url);
  }
  loadWords(lang, () => { follow(); render(); });
}

function start() {
  /* the notice for a browser without JavaScript: this one runs it */
  document.getElementById('main').replaceChildren(el('p', { class: 'loading' }, '…'));
  addEventListener('resize', wallPage);
  const chosen = new URLSearchParams(location.search).get('lang') || localStorage.getItem('cc-lang');
  if (chosen) lang = chosen;
  loadWords(lang, follow);
  setInterval(tick, 100);
}

document.addEventListener('DOMContentLoaded', start);
