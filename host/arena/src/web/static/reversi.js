// The Reversi page of `arena serve`: any preset (three colours on the
// octagon by default), one seat a colour, each a person or an engine; the
// board drawn from the state's rows (holes grey), the legal cells of a
// person to move ringed and played by a click, a pass button when there are
// none, stones per colour, the moves, the record.
'use strict';

/** @type {GameInfo} */
let info = null;  // the game's description (presets, engines)
/** @type {GameState<ReversiView>} */
let state = null; // the current game's state

// The engines that take a time a move (seed-mc runs the seed's playouts).
const TIMED = ['mcts'];

// The stones' colours on the page, by colour number (black, white, ash, cyan, yellow, ...).
const STONE_COLOURS = ['#111', '#f8f8f8', '#9a9a9a', '#2bb5c8', '#e8c83a', '#c83a3a', '#3a9a3a', '#b03ab0'];

function preset() {
  return info.presets.find((p) => p.name === $('preset').value) || info.presets[0];
}

function fillSeats() {
  const box = $('seat-choices');
  box.replaceChildren();
  preset().colours.forEach((colour, c) => {
    const label = document.createElement('label');
    const kinds = document.createElement('select');
    kinds.id = 'seat-' + c;
    const times = document.createElement('select');
    times.id = 'time-' + c;
    fillSeatChoice(kinds, times, info.engines.map((e) => e.name), c === 0 ? 'human' : 'mcts');
    label.append(colour + ': ', kinds, ' ', times);
    box.append(label);
  });
}

function seatSpecs() {
  return preset().colours.map((_, c) => {
    return seatSpecOf($('seat-' + c).value, $('time-' + c).value, TIMED);
  });
}

function humanToMove() {
  return state && !state.over && !state.engine_to_move && !reviewing(state);
}

function cellName(row, column) {
  return String.fromCharCode(97 + column) + (row + 1);
}

function render() {
  if (!state) return;
  const board = $('board');
  board.style.gridTemplateColumns = 'repeat(8, 52px)';
  board.replaceChildren();
  const legal = new Set(humanToMove() ? state.legal_cells : []);
  const last = state.at ? state.moves[state.at - 1].move : null;
  state.rows.forEach((row, r) => [...row].forEach((mark, c) => {
    const name = cellName(r, c);
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.square = name;
    if (mark === '#') {
      cell.classList.add('hole');
      board.append(cell);
      return;
    }
    const label = document.createElement('span');
    label.className = 'name';
    label.textContent = name;
    cell.append(label);
    const colour = state.colours.findIndex((k) => k.letter === mark);
    if (colour >= 0) {
      const stone = document.createElement('span');
      stone.className = 'stone';
      stone.style.background = STONE_COLOURS[colour];
      stone.title = state.colours[colour].name;
      cell.append(stone);
    }
    if (legal.has(name)) {
      cell.classList.add('target');
      cell.addEventListener('click', () => playAndShow(name));
    }
    if (name === last) cell.classList.add('last');
    board.append(cell);
  }));
  const table = $('scores');
  table.replaceChildren();
  state.colours.forEach((colour, c) => {
    const tr = document.createElement('tr');
    if (!state.over && c === state.to_move) tr.className = 'to-move';
    const swatch = document.createElement('td');
    const stone = document.createElement('span');
    stone.className = 'stone small';
    stone.style.background = STONE_COLOURS[c];
    swatch.append(stone);
    const cells = [colour.name, state.seats[c].player, colour.stones + ' stones'].map((text) => {
      const td = document.createElement('td');
      td.textContent = text;
      return td;
    });
    tr.append(swatch, ...cells);
    table.append(tr);
  });
  const mover = state.colours[state.to_move];
  $('status').textContent = state.over ? 'Game over'
    : `${mover.name} to move (${state.seats[state.to_move].player})`
      + (state.engine_to_move ? thinkingText(state) : state.legal_moves[0] === 'pass' ? ': no move, pass' : '');
  $('pass').hidden = !(humanToMove() && state.legal_moves.length === 1 && state.legal_moves[0] === 'pass');
  $('result').textContent = state.result || '';
  $('board-text').textContent = state.board;
  $('engine-info').textContent = state.engine_info || '';
  showEngineButton(state);
  // A round of the colours a row.
  $('moves').style.gridTemplateColumns = `repeat(${state.colours.length}, max-content)`;
  listMoves(state.moves.map((m) => {
    const li = document.createElement('li');
    li.textContent = `${state.colours[m.colour].letter} ${m.move}`;
    return li;
  }));
  $('download').href = `/api/games/${state.id}/record`;
  document.body.dataset.over = String(state.over);
}

function show(newState) {
  reviewLatest(newState);
  state = newState;
  history.replaceState(null, '', '#' + state.id);
  render();
  if (state.engine_to_move) scheduleEngine(200);
}

// Shows an earlier position of the game (review), nothing picked.
function drawEarlier(earlier) {
  state = earlier;
  render();
}

async function newGame() {
  say('');
  try {
    show(await api('POST', 'reversi/new', { seats: seatSpecs(), options: { preset: preset().name } }));
  } catch (e) { say(e.message); }
}

async function loadRecord(file) {
  say('');
  try {
    const record = await file.text();
    const variant = (record.match(/\[Variant (\S+)\]/) || [])[1];
    if (variant && variant !== preset().name && info.presets.some((p) => p.name === variant)) {
      $('preset').value = variant;
      fillSeats();
    }
    show(await api('POST', 'reversi/load', { record, seats: seatSpecs() }));
  } catch (e) { say(e.message); }
}

async function start() {
  setUpReview(show, drawEarlier);
  const games = await api('GET', 'games');
  info = games.find((g) => g.name === 'reversi');
  for (const p of info.presets) $('preset').add(new Option(p.about, p.name));
  fillSeats();
  $('preset').addEventListener('change', fillSeats);
  $('new-game').addEventListener('click', newGame);
  $('pass').addEventListener('click', () => playAndShow('pass'));
  $('load-file').addEventListener('change', (event) => { if (event.target.files[0]) loadRecord(event.target.files[0]); });
  const id = location.hash.slice(1);
  if (id.startsWith('reversi-')) {
    try { show(await api('GET', 'games/' + id)); return; } catch (e) { /* a new game instead */ }
  }
  await newGame();
}

start().catch((e) => say(e.message));
