// The Blokus Duo page of `arena serve`: the 14x14 board, each placed tile
// drawn as one piece (its cells joined, an outline between tiles, a dot on
// the move shown: the last, or the one reviewed), each player's 21 tiles
// (used ones greyed), a tile picked from the palette of the person to move,
// turned with r / f or the buttons, its cells previewed under the mouse
// (green where the move code is among the state's legal codes, red
// elsewhere; dots where the tile fits), a click plays the code and the
// server refuses an illegal one with the rules' reason. Passes, scores, the
// moves, SGF download and load. A board (`sim:10`, or `serial` with the
// port's path in a text field) shows each answer's board time.
'use strict';

/** @type {GameInfo} */
let info = null;      // the game's description (engines, tiles)
/** @type {GameState<BlokusView>} */
let state = null;     // the current game's state
let picked = null;    // the picked tile's letter
let pickedTurn = 0;   // its orientation, 0..7 (the code's r)
let hover = null;     // the cell under the mouse, [x, y]
let legal = new Set(); // the state's legal codes

const PLAYER_NAMES = ['player 1 (orange)', 'player 2 (violet)'];
// The engines that take a time a move.
const TIMED = ['alphabeta'];

const hex = (n) => n.toString(16);

function humanToMove() {
  return state && !state.over && !state.engine_to_move && !reviewing(state);
}

function tileOffsets(letter, r) {
  return info.tiles.find((t) => t.letter === letter).orientations[r];
}

// Rotating the shape clockwise, and flipping it left to right, as orientation numbers
// (even r: r/2 clockwise turns; odd r: those turns then a mirror).
function rotated(r) { return r % 2 === 0 ? (r + 2) % 8 : (r + 6) % 8; }
function flipped(r) { return r ^ 1; }

function codeAt(x, y) {
  return hex(x) + hex(y) + picked + pickedTurn;
}

let cellElements = new Map(); // 'x,y' -> the board's cell

// The picked tile's marks: dots where it fits, its preview at the mouse
// (changed in place: redrawing under the mouse would enter cells anew).
function markPicked() {
  const fits = new Set();
  const preview = new Map();
  if (picked && humanToMove()) {
    for (let x = 1; x <= 14; x++) for (let y = 1; y <= 14; y++) if (legal.has(codeAt(x, y))) fits.add(x + ',' + y);
    if (hover) {
      const ok = legal.has(codeAt(hover[0], hover[1]));
      for (const [dx, dy] of tileOffsets(picked, pickedTurn)) preview.set((hover[0] + dx) + ',' + (hover[1] + dy), ok);
    }
  }
  for (const [key, cell] of cellElements) {
    cell.classList.toggle('fits', fits.has(key));
    cell.classList.toggle('preview-ok', preview.get(key) === true);
    cell.classList.toggle('preview-bad', preview.get(key) === false);
  }
}

// The board's cells: 30 px squares 31 px apart (a 1 px gap, the grid's lines).
const PITCH = 31;
const SVG = 'http://www.w3.org/2000/svg';

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

// One tile as one piece, a <g class="shape">: its `cells` ([column, row]
// from 0) as squares `pitch` apart, each wide enough to cover the gap to
// the next so that the tile's cells join (`path.fill`), and its outline
// (`path.outline`) on every side with no cell of the tile beside it. The
// centre of the cell nearest the tile's middle is `centre`.
function shapeGroup(cells, pitch, className) {
  const inTile = new Set(cells.map(([x, y]) => x + ',' + y));
  let fill = '';
  let outline = '';
  for (const [x, y] of cells) {
    const [left, top] = [x * pitch - 0.5, y * pitch - 0.5];
    fill += `M${left} ${top}h${pitch}v${pitch}h${-pitch}z`;
    if (!inTile.has(x + ',' + (y - 1))) outline += `M${left} ${top}h${pitch}`;
    if (!inTile.has(x + ',' + (y + 1))) outline += `M${left} ${top + pitch}h${pitch}`;
    if (!inTile.has((x - 1) + ',' + y)) outline += `M${left} ${top}v${pitch}`;
    if (!inTile.has((x + 1) + ',' + y)) outline += `M${left + pitch} ${top}v${pitch}`;
  }
  const group = svgElement('g', { class: ('shape ' + className).trim() });
  group.append(svgElement('path', { class: 'fill', d: fill }), svgElement('path', { class: 'outline', d: outline }));
  const [mx, my] = [0, 1].map((i) => cells.reduce((sum, c) => sum + c[i], 0) / cells.length);
  const away = ([x, y]) => Math.hypot(x - mx, y - my);
  const [cx, cy] = cells.reduce((best, c) => (away(c) < away(best) ? c : best));
  group.centre = [cx * pitch + (pitch - 1) / 2, cy * pitch + (pitch - 1) / 2];
  return group;
}

// The tiles placed by the moves up to the one shown (`state.at`), each one
// piece (data-move its number, data-tile its letter), the move shown dotted.
function drawTiles() {
  const size = 14 * PITCH - 1;
  const layer = svgElement('svg', { id: 'tiles', class: 'tiles', viewBox: `0 0 ${size} ${size}` });
  state.moves.slice(0, state.at).forEach((m, i) => {
    if (!m.cells.length) return; // a pass
    const shown = i === state.at - 1;
    const shape = shapeGroup(m.cells.map(([x, y]) => [x - 1, y - 1]), PITCH, `p${m.player}` + (shown ? ' last' : ''));
    shape.dataset.move = i + 1;
    shape.dataset.tile = m.tile;
    if (shown) shape.append(svgElement('circle', { class: 'last-mark', cx: shape.centre[0], cy: shape.centre[1], r: 5 }));
    layer.append(shape);
  });
  return layer;
}

function drawBoard() {
  const board = $('board');
  board.replaceChildren();
  cellElements = new Map();
  const corner = document.createElement('div');
  corner.className = 'coord';
  board.append(corner);
  for (let x = 1; x <= 14; x++) {
    const label = document.createElement('div');
    label.className = 'coord';
    label.textContent = hex(x);
    board.append(label);
  }
  state.rows.forEach((row, r) => {
    const y = r + 1;
    const label = document.createElement('div');
    label.className = 'coord';
    label.textContent = hex(y);
    board.append(label);
    [...row].forEach((mark, c) => {
      const x = c + 1;
      const key = x + ',' + y;
      const cell = document.createElement('div');
      cell.className = 'bcell';
      cell.dataset.x = String(x);
      cell.dataset.y = String(y);
      if (mark === 'o') cell.classList.add('p0');
      if (mark === 'x') cell.classList.add('p1');
      if ((x === 5 && y === 5) || (x === 10 && y === 10)) cell.classList.add('start');
      cell.addEventListener('mouseenter', () => { hover = [x, y]; markPicked(); });
      cell.addEventListener('click', () => clickCell(x, y));
      cellElements.set(key, cell);
      board.append(cell);
    });
  });
  board.append(drawTiles());
  markPicked();
}

// A palette's picture of tile `letter` in orientation `r`: one piece, its
// reference cell (the code's xy) dotted.
function tilePicture(letter, r, used) {
  const offsets = tileOffsets(letter, r);
  const [minX, minY] = [0, 1].map((i) => Math.min(...offsets.map((o) => o[i])));
  const [maxX, maxY] = [0, 1].map((i) => Math.max(...offsets.map((o) => o[i])));
  const pitch = 10;
  const [width, height] = [(maxX - minX + 1) * pitch - 1, (maxY - minY + 1) * pitch - 1];
  const picture = svgElement('svg', {
    class: 'tile-picture' + (used ? ' used' : ''), width, height, viewBox: `0 0 ${width} ${height}`,
  });
  const shape = shapeGroup(offsets.map(([dx, dy]) => [dx - minX, dy - minY]), pitch, '');
  const centre = (min) => -min * pitch + (pitch - 1) / 2;
  shape.append(svgElement('circle', { class: 'reference', cx: centre(minX), cy: centre(minY), r: 1.5 }));
  picture.append(shape);
  return picture;
}

function drawPalettes() {
  for (const player of [0, 1]) {
    const box = $('palette-' + player);
    box.replaceChildren();
    box.className = `palette p${player}` + (!state.over && state.to_move === player ? ' to-move' : '');
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = PLAYER_NAMES[player] + ':';
    box.append(label);
    const mine = humanToMove() && state.to_move === player;
    for (const tile of info.tiles) {
      const used = state.used[player].includes(tile.letter);
      const button = document.createElement('button');
      button.className = 'tile';
      button.dataset.tile = tile.letter;
      button.title = `tile ${tile.letter}` + (used ? ' (used)' : '');
      button.disabled = used || !mine;
      if (mine && picked === tile.letter) button.classList.add('selected');
      button.append(tilePicture(tile.letter, mine && picked === tile.letter ? pickedTurn : 0, used));
      button.addEventListener('click', () => pick(tile.letter));
      box.append(button);
    }
  }
}

function render() {
  if (!state) return;
  drawBoard();
  drawPalettes();
  const seat = state.seats[state.to_move];
  const placements = legal.size;
  $('status').textContent = state.over ? 'Game over'
    : `${PLAYER_NAMES[state.to_move]} to move (${seat.player})`
      + (state.engine_to_move ? thinkingText(state) : placements === 0 ? ': no tile fits, pass' : '');
  $('pass').disabled = !(humanToMove() && state.can_pass);
  $('picked').textContent = picked ? `tile ${picked}, orientation ${pickedTurn}` : '';
  $('result').textContent = state.result || '';
  $('engine-info').textContent = state.engine_info || '';
  showEngineButton(state);
  const table = $('scores');
  table.replaceChildren();
  for (const player of [0, 1]) {
    const tr = document.createElement('tr');
    tr.className = `p${player}` + (!state.over && state.to_move === player ? ' to-move' : '');
    for (const text of [PLAYER_NAMES[player], state.seats[player].player,
      `${21 - state.used[player].length} tiles, ${state.unplaced[player]} cells left`, `score ${state.scores[player]}`]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    table.append(tr);
  }
  listMoves(state.moves.map((m) => {
    const li = document.createElement('li');
    li.textContent = (m.code === '0000' ? '0000 pass' : `${m.code} ${m.pentobi}`)
      + (m.board_time ? ` (${m.board_time.text})` : '');
    li.className = 'p' + m.player;
    return li;
  }));
  $('download').href = `/api/games/${state.id}/record`;
  document.body.dataset.over = String(state.over);
}

function pick(letter) {
  if (!humanToMove()) return;
  picked = picked === letter ? null : letter;
  render();
}

function turn(change) {
  if (!picked) return;
  pickedTurn = change(pickedTurn);
  render();
}

function clickCell(x, y) {
  if (!humanToMove() || !picked) return;
  playAndShow(codeAt(x, y)); // the server says why not, if not
}

function show(newState) {
  reviewLatest(newState);
  state = newState;
  legal = new Set(state.legal_codes);
  if (picked && state.used[state.to_move].includes(picked)) picked = null;
  history.replaceState(null, '', '#' + state.id);
  render();
  if (state.engine_to_move) scheduleEngine(200);
}

// Shows an earlier position of the game (review), nothing picked.
function drawEarlier(earlier) {
  state = earlier;
  legal = new Set(state.legal_codes);
  picked = null;
  render();
}

function seatSpec(which) {
  const kind = $(which + '-kind').value;
  if (kind === 'serial') return 'serial:' + $(which + '-port').value.trim();
  return seatSpecOf(kind, $(which + '-time').value, TIMED);
}

// The port's field beside a seat's choice, shown for a board on a serial port.
function showPort(which) {
  $(which + '-port').hidden = $(which + '-kind').value !== 'serial';
}

async function newGame() {
  say('');
  picked = null;
  try {
    show(await api('POST', 'blokus/new', { first: seatSpec('first'), second: seatSpec('second') }));
  } catch (e) { say(e.message); }
}

async function loadRecord(file) {
  say('');
  try {
    const record = await file.text();
    show(await api('POST', 'blokus/load', { record, first: seatSpec('first'), second: seatSpec('second') }));
  } catch (e) { say(e.message); }
}

async function start() {
  setUpReview(show, drawEarlier);
  const games = await api('GET', 'games');
  info = games.find((g) => g.name === 'blokus');
  const engines = info.engines.map((e) => e.name);
  fillSeatChoice($('first-kind'), $('first-time'), engines, 'human');
  fillSeatChoice($('second-kind'), $('second-time'), engines, 'alphabeta');
  for (const which of ['first', 'second']) $(which + '-kind').addEventListener('change', () => showPort(which));
  $('new-game').addEventListener('click', newGame);
  $('rotate').addEventListener('click', () => turn(rotated));
  $('flip').addEventListener('click', () => turn(flipped));
  $('pass').addEventListener('click', () => playAndShow('0000'));
  $('board').addEventListener('mouseleave', () => { hover = null; markPicked(); });
  document.addEventListener('keydown', (event) => {
    if (/** @type {HTMLElement} */ (event.target).tagName === 'INPUT') return;
    if (event.key === 'r') turn(rotated);
    if (event.key === 'f') turn(flipped);
  });
  $('move-form').addEventListener('submit', (event) => { event.preventDefault(); playAndShow($('move-text').value.trim()); });
  $('load-file').addEventListener('change', (event) => { if (event.target.files[0]) loadRecord(event.target.files[0]); });
  const id = location.hash.slice(1);
  if (id.startsWith('blokus-')) {
    try { show(await api('GET', 'games/' + id)); return; } catch (e) { /* a new game instead */ }
  }
  await newGame();
}

start().catch((e) => say(e.message));
