// What every game page of `arena serve` shares: the JSON API call (its
// refusal's reason thrown as the error), the message line, the move list
// (scrolled to the move shown), a seat's choice of a person or an engine
// with its time a move, and the review of a game move by move (the state
// after move k from the API's `games/ID/at/K`; a move only at the last).
'use strict';

/** An element by id (any: the pages' elements are inputs, selects, links and boxes). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

async function api(method, url, body) {
  const init = { method, headers: {} };
  if (method === 'POST') {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body || {});
  }
  const response = await fetch('/api/' + url, init);
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch (e) { data = { error: text }; }
  if (!response.ok) throw new Error(data.error || ('HTTP ' + response.status));
  return data;
}

function say(text) { $('message').textContent = text || ''; }

// The move list's items `items` (an array of li, one a move): the move
// shown marked and scrolled to; a click shows the position after it.
function listMoves(items) {
  const shown = review.shown;
  const at = shown ? shown.at : items.length;
  items.forEach((li, i) => {
    li.addEventListener('click', () => reviewGo(i + 1));
    if (i === at - 1) li.classList.add('current');
  });
  const list = $('moves');
  list.replaceChildren(...items);
  if (at === items.length) list.scrollTop = list.scrollHeight;
  else if (at > 0) items[at - 1].scrollIntoView({ block: 'nearest' });
}

// ---- review, move by move ----

// The game's latest state, the state shown (the latest or an earlier one),
// and the page's functions: `show` for the latest (it lets engines go on),
// `draw` for an earlier position.
/** @type {{latest: GameState<any>, shown: GameState<any>, show: (state: any) => void, draw: (state: any) => void}} */
const review = { latest: null, shown: null, show: null, draw: null };

// Whether `state` is an earlier position of its game (no move there).
function reviewing(state) {
  return Boolean(state && state.at < state.plies);
}

// Puts the buttons first / back / forward / last before the move list (the
// keys Home, ←, →, End too); `show(state)` and `draw(state)` are the page's.
function setUpReview(show, draw) {
  Object.assign(review, { show, draw });
  const bar = document.createElement('div');
  bar.id = 'review';
  bar.className = 'review';
  /** @type {Array<[string, string, string, (at: number, plies: number) => number]>} */
  const steps = [
    ['first', '|◀', 'the start (Home)', () => 0],
    ['back', '◀', 'one move back (←)', (at) => at - 1],
    ['forward', '▶', 'one move forward (→)', (at) => at + 1],
    ['last', '▶|', 'the last position, to play (End)', (at, plies) => plies],
  ];
  const keys = { Home: 0, ArrowLeft: 1, ArrowRight: 2, End: 3 };
  const go = (step) => {
    const shown = review.shown;
    if (shown) reviewGo(step(shown.at, shown.plies));
  };
  for (const [name, label, title, step] of steps) {
    const button = document.createElement('button');
    button.id = 'review-' + name;
    button.type = 'button';
    button.textContent = label;
    button.title = title;
    button.addEventListener('click', () => go(step));
    bar.append(button);
  }
  const where = document.createElement('span');
  where.id = 'review-at';
  bar.append(' ', where);
  $('moves').before(bar);
  document.addEventListener('keydown', (event) => {
    if (!(event.key in keys) || /** @type {HTMLElement} */ (event.target).closest('input, select, textarea')) return;
    event.preventDefault();
    go(steps[keys[event.key]][3]);
  });
}

// Shows the review's place: the move shown of all of them.
function markReview() {
  const shown = review.shown;
  if (!shown || !$('review-at')) return;
  $('review-at').textContent = reviewing(shown)
    ? `after move ${shown.at} of ${shown.plies}: go to the last (▶|) to play`
    : `after move ${shown.at} (the last)`;
  $('review-first').disabled = $('review-back').disabled = shown.at === 0;
  $('review-forward').disabled = $('review-last').disabled = !reviewing(shown);
  document.body.dataset.reviewAt = shown.at;
}

// The page's show(state) calls this first with each latest state.
function reviewLatest(state) {
  review.latest = state;
  review.shown = state;
  markReview();
}

// Shows the position after `k` moves of the game (clamped to them).
async function reviewGo(k) {
  const latest = review.latest;
  if (!latest) return;
  k = Math.max(0, Math.min(latest.plies, k));
  if (k === latest.plies) { review.show(latest); return; }
  try {
    const earlier = await api('GET', `games/${latest.id}/at/${k}`);
    if (review.latest !== latest) return; // the game went on meanwhile
    review.shown = earlier;
    markReview();
    review.draw(earlier);
  } catch (e) { say(e.message); }
}

// Plays the person's move `text` in the game shown by `state`: refused at an
// earlier position (the server refuses too, told the moves seen); the new state.
async function playMove(state, text) {
  if (reviewing(state)) {
    throw new Error(`this is the position after move ${state.at} of ${state.plies}: `
      + 'go to the last position (▶| or End) to play');
  }
  return api('POST', `games/${state.id}/move`, { move: text, at: state.plies });
}

// The engine's move when an engine is to move in the page's `state`: asked
// of the server (which answers at once: the engine thinks in the game's
// worker), then the game polled until the move is in; each state drawn by
// the page's `show` (which calls this again while an engine is to move). A
// failed engine is asked again only by the person (the Try again button).
async function engineMove() {
  engineTimer = null;
  const latest = review.latest || state;
  if (!latest || !latest.engine_to_move || latest.engine_error) return;
  try {
    const next = await (latest.thinking
      ? api('GET', `games/${latest.id}`)
      : api('POST', `games/${latest.id}/engine`));
    if (review.latest !== latest && review.latest) return; // another game, or shown already
    if (reviewing(review.shown) && next.thinking && next.plies === latest.plies) {
      // The person looks at an earlier position: it stays until the move is in.
      review.latest = next;
      scheduleEngine(300);
      return;
    }
    show(next);
  } catch (e) { say(e.message); }
}

// The one pending call of `engineMove` (so that a page shown again while
// an engine thinks polls once, not twice).
let engineTimer = null;

// Calls `engineMove` in `ms` milliseconds, instead of any call pending.
function scheduleEngine(ms) {
  clearTimeout(engineTimer);
  engineTimer = setTimeout(engineMove, ms);
}

// The status line's note while an engine is to move: its time so far and
// its progress (depth and nodes, playouts, a board's cycles), or its failure.
function thinkingText(state) {
  if (state.engine_error) return ': ' + state.engine_error;
  const t = state.thinking;
  if (!t) return ': thinking…';
  return `: thinking… ${(t.ms / 1000).toFixed(1)} s` + (t.progress ? `, ${t.progress}` : '')
    + (t.stopping ? ' (moving now)' : '');
}

// The button after the engine's note: "Move now" while an engine thinks
// (it moves with the best it has found), "Try again" after it failed.
function showEngineButton(shown) {
  let button = $('engine-button');
  if (!button) {
    button = document.createElement('button');
    button.id = 'engine-button';
    button.type = 'button';
    button.addEventListener('click', async () => {
      const game = review.latest || state;
      const route = game.engine_error ? 'engine' : 'stop';
      try { show(await api('POST', `games/${game.id}/${route}`)); } catch (e) { say(e.message); }
    });
    $('engine-info').after(button);
  }
  const latest = !reviewing(shown) && shown.engine_to_move;
  button.hidden = !(latest && (shown.thinking || shown.engine_error));
  button.disabled = Boolean(shown.thinking && shown.thinking.stopping);
  button.textContent = shown.engine_error ? 'Try again' : 'Move now';
}

// Plays the person's move `text` and draws the answer with the page's
// `show`; a refusal is said. Whether it was played.
async function playAndShow(text) {
  say('');
  try {
    show(await playMove(state, text));
    return true;
  } catch (e) {
    say(e.message);
    return false;
  }
}

// Fills the select `kinds` with a person and `engines` (names), and `times`
// (if any) with the time a move; `kind` chosen.
function fillSeatChoice(kinds, times, engines, kind) {
  kinds.add(new Option('human', 'human'));
  for (const engine of engines) kinds.add(new Option(engine, engine));
  kinds.value = kind;
  if (!times) return;
  for (const [label, value] of [['0.5 s a move', '0.5'], ['0.1 s a move', '0.1'], ['2 s a move', '2'], ['10 s a move', '10'],
    ['its own limits', '']]) {
    times.add(new Option(label, value));
  }
}

// The seat spec of a kind and a time: `mcts:time=0.5`, `random`, `human`.
function seatSpecOf(kind, time, timed) {
  if (kind === 'human' || !time || !timed.includes(kind)) return kind;
  return `${kind}:time=${time}`;
}
