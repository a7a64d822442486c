// The game page of `arena serve`: draws the board from the state's FEN, sends
// moves (clicked or typed) to the JSON API, and lets engines move. One script
// for every game: the shogi games (Dobutsu, Kyoto) share the FEN reader and
// the click-a-piece-then-a-cell input, and name their pieces in Latin
// letters or in Japanese (a toggle the browser remembers); Janken shogi
// builds a turn as a path of clicked cells. The API calls are common.js's.
'use strict';

const GAME = location.pathname.split('/')[2];
/** @type {GameInfo} */
let info = null;     // the game's description (engines, options)
/** @type {GameState<DuelView>} */
let state = null;    // the current game's state
let selected = null; // shogi: {square} or {drop: letter}
let path = [];       // janken: the turn's segments, each a list of cells
let inspected = null; // janken: the cell of the cube whose faces are shown

// ---- shogi FEN (Dobutsu, Kyoto) ----

// Each piece by its code in the FEN (a face, `+` the other face): its Latin
// letter and English name (they show with any font), and its Japanese
// character and name. Kyoto shogi's are shogi pieces, in kanji as the
// Simulation shogi seed prints its board (玉 both kings); Dobutsu shogi's
// are animals, the first kana of each name in hiragana as the Dobutsu seed
// writes them (らいおん, きりん, ぞう, ひよこ, にわとり). In the order of the legend.
const SHOGI_PIECES = {
  dobutsu: {
    L: ['L', 'lion', 'ら', 'らいおん'],
    G: ['G', 'giraffe', 'き', 'きりん'],
    E: ['E', 'elephant', 'ぞ', 'ぞう'],
    C: ['C', 'chick', 'ひ', 'ひよこ'],
    '+C': ['H', 'hen', 'に', 'にわとり'],
  },
  kyoto: {
    P: ['P', 'pawn', '歩', '歩兵'],
    '+P': ['R', 'rook', '飛', '飛車'],
    L: ['L', 'lance', '香', '香車'],
    '+L': ['T', 'tokin', 'と', 'と金'],
    N: ['N', 'knight', '桂', '桂馬'],
    '+N': ['G', 'gold', '金', '金将'],
    S: ['S', 'silver', '銀', '銀将'],
    '+S': ['B', 'bishop', '角', '角行'],
    K: ['K', 'king', '玉', '玉将'],
  },
};

// The pieces in Japanese (else Latin letters): the person's choice, kept
// in the browser's localStorage for every shogi page.
const JAPANESE_KEY = 'arena.shogi-pieces';
let japanese = false;
try { japanese = localStorage.getItem(JAPANESE_KEY) === 'japanese'; } catch (e) { /* no storage: letters */ }

function setJapanese(on) {
  japanese = on;
  try { localStorage.setItem(JAPANESE_KEY, on ? 'japanese' : 'latin'); } catch (e) { /* kept for this page only */ }
  render();
}

// A piece's character and name as the page names pieces now.
function pieceGlyph(code) {
  const piece = SHOGI_PIECES[GAME][code];
  return piece ? piece[japanese ? 2 : 0] : code;
}
function pieceName(code) {
  const piece = SHOGI_PIECES[GAME][code];
  return piece ? piece[japanese ? 3 : 1] : code;
}

// A move's text as the page shows it: as played (`b1a2+`, `+P@c3`), a drop
// in Japanese its square, its piece and 打 (`c3飛打`).
function moveText(move) {
  const drop = move.split('@');
  if (!japanese || drop.length !== 2 || !SHOGI_PIECES[GAME]) return move;
  return drop[1] + pieceGlyph(drop[0]) + '打';
}

// The legend's key to the pieces: each face and, after a slash, its other
// face (in Japanese, each name in English too).
function pieceKey() {
  const pieces = SHOGI_PIECES[GAME];
  const face = (c) => `${pieceGlyph(c)} ${pieceName(c)}` + (japanese ? ` (${pieces[c][1]})` : '');
  return Object.keys(pieces).filter((code) => !code.startsWith('+'))
    .map((code) => [code, '+' + code].filter((c) => pieces[c]).map(face).join(' / '))
    .join(', ');
}

// {rows: [[piece|null]], hands: {first: [letters], second: [letters]}}; a piece is {code, side}.
function readShogiFen(fen) {
  const field = fen.split(' ')[0];
  const open = field.indexOf('[');
  const boardText = open >= 0 ? field.slice(0, open) : field;
  const handText = open >= 0 ? field.slice(open + 1, field.indexOf(']')) : '';
  const rows = boardText.split('/').map((row) => {
    const cells = [];
    let plus = '';
    for (const c of row) {
      if (c === '+') { plus = '+'; continue; }
      if (c >= '0' && c <= '9') { for (let i = 0; i < Number(c); i++) cells.push(null); continue; }
      const side = c === c.toUpperCase() ? 'first' : 'second';
      cells.push({ code: plus + c.toUpperCase(), side });
      plus = '';
    }
    return cells;
  });
  const hands = { first: [], second: [] };
  for (const c of handText) {
    if (c === '-') continue;
    hands[c === c.toUpperCase() ? 'first' : 'second'].push(c.toUpperCase());
  }
  return { rows, hands };
}

function squareName(column, row, ranks) {
  return String.fromCharCode(97 + column) + (ranks - row);
}

function pieceElement(code, side) {
  const span = document.createElement('span');
  span.className = 'piece ' + side + (japanese ? ' ja' : '');
  if (japanese) span.lang = 'ja';
  span.dataset.code = code;
  span.textContent = pieceGlyph(code);
  const name = document.createElement('small');
  name.textContent = pieceName(code);
  span.append(name);
  const piece = SHOGI_PIECES[GAME][code];
  span.title = `${side} player: ` + (piece ? `${piece[1]} (${piece[3]})` : code);
  return span;
}

// The cells the move shown (the last, or the one reviewed) touched (its text's squares).
function lastMoveCells() {
  const last = state.moves[state.at - 1] || '';
  return new Set(last.match(/[a-f][1-6]/g) || []);
}

function humanToMove() {
  return state && !state.over && !state.engine_to_move && !reviewing(state);
}

function drawShogi() {
  const { rows, hands } = readShogiFen(state.fen);
  const ranks = rows.length;
  const files = rows[0].length;
  const board = $('board');
  board.style.gridTemplateColumns = `repeat(${files}, 68px)`;
  board.replaceChildren();
  const targets = shogiTargets();
  const lastMove = lastMoveCells();
  rows.forEach((cells, row) => cells.forEach((piece, column) => {
    const square = squareName(column, row, ranks);
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.square = square;
    if (selected && selected.square === square) cell.classList.add('selected');
    if (targets.has(square)) cell.classList.add('target');
    if (lastMove.has(square)) cell.classList.add('last');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = square;
    cell.append(name);
    if (piece) cell.append(pieceElement(piece.code, piece.side));
    cell.addEventListener('click', () => clickShogi(square, piece));
    board.append(cell);
  }));
  for (const side of ['first', 'second']) {
    const hand = $('hand-' + side);
    hand.replaceChildren();
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = side === 'first' ? 'first\'s hand' : 'second\'s hand';
    const points = state.fen.match(/points=(\d+),(\d+)/);
    if (points) label.textContent += ` (${points[side === 'first' ? 1 : 2]} points)`;
    label.textContent += ':';
    hand.append(label);
    const counts = {};
    for (const letter of hands[side]) counts[letter] = (counts[letter] || 0) + 1;
    for (const [letter, count] of Object.entries(counts)) {
      const piece = pieceElement(letter, side);
      piece.dataset.hand = letter;
      if (count > 1) piece.firstChild.textContent += '×' + count;
      if (selected && selected.drop === letter && side === state.to_move) piece.classList.add('selected');
      piece.addEventListener('click', () => clickHand(side, letter));
      hand.append(piece);
    }
  }
}

// The squares the selection may go to.
function shogiTargets() {
  const targets = new Set();
  if (!selected) return targets;
  for (const move of state.legal_moves) {
    if (selected.square && !move.includes('@') && move.startsWith(selected.square)) {
      targets.add(move.slice(selected.square.length).replace(/[+-]$/, ''));
    }
    if (selected.drop && move.includes('@') && move.replace(/^\+/, '')[0] === selected.drop) {
      targets.add(move.split('@')[1]);
    }
  }
  return targets;
}

function clickHand(side, letter) {
  if (!humanToMove() || side !== state.to_move) return;
  selected = selected && selected.drop === letter ? null : { drop: letter };
  render();
}

function clickShogi(square, piece) {
  if (!humanToMove()) return;
  const own = piece && piece.side === state.to_move;
  if (!selected || (own && !selected.drop)) {
    selected = own && !(selected && selected.square === square) ? { square } : null;
    render();
    return;
  }
  let candidates;
  let fallback;
  if (selected.drop) {
    candidates = state.legal_moves.filter((m) => m.includes('@')
      && m.replace(/^\+/, '')[0] === selected.drop && m.endsWith('@' + square));
    fallback = selected.drop + '@' + square;
  } else {
    candidates = state.legal_moves.filter((m) => !m.includes('@')
      && m.startsWith(selected.square + square) && m.length <= (selected.square + square).length + 1);
    fallback = selected.square + square;
  }
  selected = null;
  if (candidates.length === 1) {
    play(candidates[0]);
  } else if (candidates.length > 1) {
    offerChoices(candidates);
  } else {
    play(fallback); // the server says why not
  }
}

function offerChoices(moves) {
  const box = $('choices');
  box.replaceChildren(document.createTextNode('Which one? '));
  for (const move of moves) {
    const button = document.createElement('button');
    button.textContent = moveText(move);
    button.dataset.move = move;
    button.addEventListener('click', () => { box.replaceChildren(); play(move); });
    box.append(button);
  }
  render();
}

// ---- Janken shogi ----

const JANKEN_STATES = ['GPC', 'GCP', 'PGC', 'PCG', 'CPG', 'CGP'];
const JANKEN_START = { first: ['a1', 'b2', 'a3', 'c1'], second: ['f6', 'e5', 'd6', 'f4'] };

function readJankenFen(fen) {
  const [boardText, toMove, setUp] = fen.split(' ');
  const rows = boardText.split('/').map((row) => {
    const cells = [];
    for (let i = 0; i < row.length;) {
      const c = row[i];
      if (c >= '1' && c <= '6') { for (let k = 0; k < Number(c); k++) cells.push(null); i += 1; continue; }
      const letters = row.slice(i, i + 3);
      cells.push({ letters: letters.toUpperCase(), side: letters === letters.toUpperCase() ? 'first' : 'second' });
      i += 3;
    }
    return cells;
  });
  return { rows, toMove, setUp: setUp || '-' };
}

function jankenSettingUp() {
  const { setUp } = readJankenFen(state.fen);
  const digit = state.to_move === 'first' ? '1' : '2';
  return !state.over && setUp.includes(digit);
}

function pathText() {
  return path.map((segment) => segment.join('')).join('/');
}

function drawJanken() {
  const { rows } = readJankenFen(state.fen);
  const board = $('board');
  board.style.gridTemplateColumns = 'repeat(6, 68px)';
  board.replaceChildren();
  const onPath = new Set(path.flat());
  const lastMove = lastMoveCells();
  rows.forEach((cells, row) => cells.forEach((cube, column) => {
    const square = squareName(column, row, 6);
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.square = square;
    if (square === 'f6' || square === 'a1') cell.classList.add('goal');
    if (onPath.has(square)) cell.classList.add('path');
    if (lastMove.has(square)) cell.classList.add('last');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = square + (square === 'f6' ? ' goal 1' : square === 'a1' ? ' goal 2' : '');
    cell.append(name);
    if (cube) {
      const span = document.createElement('span');
      span.className = 'cube ' + cube.side;
      span.title = `${cube.side} player's cube: top ${cube.letters[0]}, front ${cube.letters[1]}, side ${cube.letters[2]}`;
      span.textContent = cube.side === 'first' ? cube.letters[0] : cube.letters[0].toLowerCase();
      const small = document.createElement('small');
      small.textContent = cube.side === 'first' ? cube.letters : cube.letters.toLowerCase();
      span.append(document.createElement('br'), small);
      cell.append(span);
    }
    if (square === inspected) cell.classList.add('inspected');
    cell.addEventListener('click', () => {
      if (cube) inspected = square;
      clickJanken(square, cube);
      drawJanken();
    });
    board.append(cell);
  }));
  drawCubeFaces(rows);
  $('hand-first').replaceChildren();
  $('hand-second').replaceChildren();
  const settingUp = jankenSettingUp() && humanToMove();
  $('janken-setup').hidden = !settingUp;
  if (settingUp) {
    const cells = JANKEN_START[state.to_move];
    $('setup-cells').textContent = cells.join(' ');
    const selects = $('setup-selects');
    if (selects.dataset.side !== state.to_move) {
      selects.dataset.side = state.to_move;
      selects.replaceChildren();
      cells.forEach((cell, i) => {
        const select = document.createElement('select');
        select.id = 'setup-' + i;
        for (const s of JANKEN_STATES) select.add(new Option(`${cell}: ${s}`, s));
        selects.append(select);
      });
    }
  }
}

const FACE_NAMES = { G: 'rock', C: 'scissors', P: 'paper' };

// The panel of the inspected cube (a cell of `rows`, the board read from
// the FEN): its six faces as a net (opposite faces are equal: top and
// bottom, front and back, the sides) and its top after a step each way (up
// or down swaps top and front, left or right top and side).
function drawCubeFaces(rows) {
  const panel = $('cube-faces');
  const at = inspected && rows[6 - Number(inspected[1])][inspected.charCodeAt(0) - 97];
  panel.hidden = !at;
  if (!at) { inspected = null; return; }
  const [top, front, side] = at.letters;
  const face = (name, letter) => {
    const div = document.createElement('div');
    div.className = 'face ' + name;
    div.dataset.face = name;
    div.title = `${name}: ${FACE_NAMES[letter] || 'unknown'}`;
    div.textContent = letter;
    const small = document.createElement('small');
    small.textContent = name;
    div.append(small);
    return div;
  };
  const net = document.createElement('div');
  net.className = 'cube-net ' + at.side;
  net.append(face('top', top), face('left', side), face('front', front), face('right', side),
    face('bottom', top), face('back', front));
  const title = document.createElement('div');
  title.textContent = `The ${at.side} player's cube on ${inspected}:`;
  const steps = document.createElement('div');
  steps.id = 'cube-steps';
  steps.textContent = `after a step up or down its top is ${front}, left or right ${side} `
    + '(a capture does not roll it)';
  panel.replaceChildren(title, net, steps);
}

function clickJanken(square, cube) {
  if (!humanToMove() || jankenSettingUp()) return;
  const own = cube && cube.side === state.to_move;
  const last = path.length ? path[path.length - 1] : null;
  if (!last || (own && !last.includes(square))) {
    path.push([square]);
  } else if (last[last.length - 1] === square) {
    last.pop();
    if (!last.length) path.pop();
  } else {
    last.push(square);
  }
  $('move-text').value = pathText();
  render();
}

// ---- the page ----

// The legend under the board; `KEY` stands for the key to the pieces.
const LEGENDS = {
  dobutsu: 'First (blue) moves up, second (red, upside down). KEY. '
    + 'Click a piece then a cell; a piece in hand, then a cell, drops it.',
  kyoto: 'First (blue) moves up, second (red, upside down). Every piece but the king flips after it moves: '
    + 'KEY. Click a piece then a cell; a piece in hand, then a cell, drops it (then choose the face).',
  janken: 'Cubes: the big letter is the top (G rock, C scissors, P paper), then top, front and side. '
    + 'First (capitals) aims at f6, second (small letters) at a1. Click the cells of your turn\'s path '
    + '(another of your cubes starts its own action), then Play.',
};

function render() {
  if (!state) return;
  if (GAME === 'janken') drawJanken(); else drawShogi();
  $('legend').textContent = (LEGENDS[GAME] || '').replace('KEY', SHOGI_PIECES[GAME] ? pieceKey() : '');
  if (SHOGI_PIECES[GAME]) $(japanese ? 'pieces-japanese' : 'pieces-latin').checked = true;
  const seat = state.seats[state.to_move === 'first' ? 0 : 1];
  $('status').textContent = state.over ? 'Game over'
    : `${state.to_move === 'first' ? 'First' : 'Second'} to move (${seat.player})`
      + (state.engine_to_move ? thinkingText(state) : '');
  $('result').textContent = state.result || '';
  $('fen').textContent = state.fen;
  $('board-text').textContent = state.board;
  $('engine-info').textContent = state.engine_info ? 'engine: ' + state.engine_info : '';
  showEngineButton(state);
  listMoves(state.moves.map((move) => {
    const li = document.createElement('li');
    li.textContent = moveText(move);
    return li;
  }));
  $('download').href = `/api/games/${state.id}/record`;
  document.body.dataset.over = String(state.over);
  document.body.dataset.toMove = state.to_move;
}

function show(newState) {
  reviewLatest(newState);
  state = newState;
  selected = null;
  path = [];
  $('choices').replaceChildren();
  $('move-text').value = '';
  history.replaceState(null, '', '#' + state.id);
  render();
  if (state.engine_to_move) scheduleEngine(300);
}

// Shows an earlier position of the game (review), nothing picked.
function drawEarlier(earlier) {
  state = earlier;
  selected = null;
  path = [];
  $('choices').replaceChildren();
  render();
}

async function play(text) {
  if (!text) return;
  if (!(await playAndShow(text))) {
    selected = null;
    render();
  }
}

function seatSpec(which) {
  const timed = info.engines.map((e) => e.name).filter((name) => name !== 'random');
  return seatSpecOf($(which + '-kind').value, $(which + '-time').value, timed);
}

function chosenOptions() {
  const options = {};
  for (const option of info.options) options[option.name] = $('option-' + option.name).checked;
  return options;
}

async function newGame() {
  say('');
  try {
    show(await api('POST', `${GAME}/new`, {
      first: seatSpec('first'), second: seatSpec('second'), options: chosenOptions(),
    }));
  } catch (e) { say(e.message); }
}

async function loadRecord(file) {
  say('');
  try {
    const record = await file.text();
    show(await api('POST', `${GAME}/load`, { record, first: seatSpec('first'), second: seatSpec('second') }));
  } catch (e) { say(e.message); }
}

function fillSeat(which, kind) {
  fillSeatChoice($(which + '-kind'), $(which + '-time'), info.engines.map((e) => e.name), kind);
}

async function start() {
  setUpReview(show, drawEarlier);
  const games = await api('GET', 'games');
  info = games.find((g) => g.name === GAME);
  if (!info) { say('no game ' + GAME); return; }
  document.title = info.title + ' — arena';
  $('title').textContent = info.title;
  $('piece-style').hidden = !SHOGI_PIECES[GAME];
  $('pieces-latin').addEventListener('change', () => setJapanese(false));
  $('pieces-japanese').addEventListener('change', () => setJapanese(true));
  fillSeat('first', 'human');
  fillSeat('second', info.engines.some((e) => e.name === 'alphabeta') ? 'alphabeta' : 'random');
  for (const option of info.options) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = 'option-' + option.name;
    label.append(box, ' ' + option.name);
    label.title = option.about;
    $('options').append(label);
  }
  $('move-text').placeholder = GAME === 'janken' ? 'turn, e.g. a3a4/c1d1 (or click cells)'
    : GAME === 'kyoto' ? 'move, e.g. a1a2+ or P@c3' : 'move, e.g. b2b3 or C@b2';
  $('new-game').addEventListener('click', newGame);
  $('move-form').addEventListener('submit', (event) => { event.preventDefault(); play($('move-text').value.trim()); });
  $('move-clear').addEventListener('click', () => { path = []; selected = null; $('move-text').value = ''; render(); });
  $('setup-play').addEventListener('click', () => play([0, 1, 2, 3].map((i) => $('setup-' + i).value).join('-')));
  $('setup-random').addEventListener('click', () => {
    const moves = state.legal_moves;
    play(moves[Math.floor(Math.random() * moves.length)]);
  });
  $('load-file').addEventListener('change', (event) => { if (event.target.files[0]) loadRecord(event.target.files[0]); });
  const id = location.hash.slice(1);
  if (id.startsWith(GAME + '-')) {
    try { show(await api('GET', 'games/' + id)); return; } catch (e) { /* a new game instead */ }
  }
  await newGame();
}

start().catch((e) => say(e.message));
