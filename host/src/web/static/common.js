// What every game page of `arena serve` shares: the JSON API call (its
// refusal's reason thrown as the error), the message line, the move list
// (scrolled to its end), and a seat's choice of a person or an engine with
// its time a move.
'use strict';

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

// The move list's items `items` (an array of li), scrolled to the last.
function listMoves(items) {
  const list = $('moves');
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

// Fills the select `kinds` with a person and `engines` (names), and `times`
// (if any) with the time a move; `kind` chosen.
function fillSeatChoice(kinds, times, engines, kind) {
  kinds.add(new Option('human', 'human'));
  for (const engine of engines) kinds.add(new Option(engine, engine));
  kinds.value = kind;
  if (!times) return;
  for (const [label, value] of [['0.5 s a move', '0.5'], ['0.1 s a move', '0.1'], ['2 s a move', '2'], ['its own limits', '']]) {
    times.add(new Option(label, value));
  }
}

// The seat spec of a kind and a time: `mcts:time=0.5`, `random`, `human`.
function seatSpecOf(kind, time, timed) {
  if (kind === 'human' || !time || !timed.includes(kind)) return kind;
  return `${kind}:time=${time}`;
}
