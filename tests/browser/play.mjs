// What the browser tests of the two-player pages (Dobutsu, Kyoto and Janken
// shogi) share: a new game of a person (first) against `random`, a shogi
// move clicked (a piece then a cell, a piece in hand then a cell, the face
// chosen when the page asks), and the person's seat played to the end, every
// clicked move checked against what the server played, the finished board's
// result and move list checked and its screenshot saved; the pieces named in
// Japanese by the page's toggle, remembered over a reload.

// On a game's page: seats a person against `random`, ticks `options`, and
// starts a new game.
export async function newGameAgainstRandom(page, options = []) {
  await page.waitForSelector('#new-game');
  await page.waitForFunction(() => state !== null);
  await page.selectOption('#second-kind', 'random');
  for (const option of options) await page.check('#option-' + option);
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.moves.length === 0 && state.seats[1].player === 'random');
}

// Clicks the shogi move `move` (`b2b3`, `a1a2+`, `C@b2`, `+P@c3`) for the first player.
export async function clickShogiMove(page, move) {
  const drop = move.split('@');
  if (drop.length === 2) {
    await page.click(`#hand-first [data-hand="${drop[0].replace(/^\+/, '')}"]`);
    await page.click(`[data-square="${drop[1]}"]`);
  } else {
    await page.click(`[data-square="${move.slice(0, 2)}"]`);
    await page.click(`[data-square="${move.slice(2, 4)}"]`);
  }
  if (await page.locator('#choices button').count() > 0) {
    await page.click(`#choices button[data-move="${move}"]`);
  }
}

// Plays the person's turns to the end of the game, at most `maxTurns`:
// `choose(state, turn)` picks a legal move, `click(page, move)` clicks it.
// Then the result and the moves as the page shows them, and the screenshot
// `dir/name.png`. Gives the final state.
export async function playToEnd(page, dir, name, maxTurns, choose, click) {
  for (let turn = 0; turn < maxTurns; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    if (current.to_move !== 'first' || current.engine_to_move) throw new Error('not the person to move: ' + current.fen);
    const played = current.moves.length;
    const move = await choose(current, turn);
    await click(page, move);
    await page.waitForFunction((n) => state.moves.length > n && (state.over || !state.engine_to_move), played);
    const now = await page.evaluate(() => state);
    if (now.moves[played] !== move) throw new Error(`clicked ${move}, played ${now.moves[played]}`);
  }
  const end = await page.evaluate(() => state);
  console.log(`${name}: ${end.moves.length} plies: ${end.result || 'not over'}`);
  if (!end.over) throw new Error(`the game did not end in ${maxTurns} turns`);
  const shown = await page.textContent('#result');
  if (shown !== end.result) throw new Error('result shown: ' + shown);
  const items = await page.locator('#moves li').count();
  if (items !== end.moves.length) throw new Error(`${items} moves listed, ${end.moves.length} played`);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  return end;
}

// The pieces in Japanese, by their code in the FEN: what the shogi pages
// must show (Kyoto shogi's kanji, as the seed prints them; Dobutsu shogi's
// animals by the first kana of their names, as the seed writes them).
const JAPANESE = {
  dobutsu: { L: 'ら', G: 'き', E: 'ぞ', C: 'ひ', '+C': 'に' },
  kyoto: {
    P: '歩', '+P': '飛', L: '香', '+L': 'と', N: '桂', '+N': '金', S: '銀', '+S': '角', K: '玉',
  },
};

// The pieces as drawn on the board and in the hands, and the moves as listed.
function shown(page) {
  return page.evaluate(() => ({
    pieces: [...document.querySelectorAll('#board .piece, .hand .piece')].map((p) => ({
      code: p.dataset.code,
      text: p.firstChild.textContent.replace(/×\d+$/, ''),
      second: p.classList.contains('second'),
      transform: getComputedStyle(p).transform,
    })),
    moves: [...document.querySelectorAll('#moves li')].map((li) => li.textContent),
    stored: localStorage.getItem('arena.shogi-pieces'),
    japanese: document.getElementById('pieces-japanese').checked,
  }));
}

// Checks the pieces shown are `game`'s in Japanese (`japanese`) or the
// Latin letters, the second player's turned upside down, the drops listed
// as `c3歩打` in Japanese.
async function checkPieceNames(page, game, japanese) {
  const now = await shown(page);
  if (now.pieces.length === 0) throw new Error('no pieces shown');
  for (const piece of now.pieces) {
    const want = japanese ? JAPANESE[game][piece.code] : undefined;
    if (japanese ? piece.text !== want : !/^[A-Z]$/.test(piece.text)) {
      throw new Error(`${game}: ${piece.code} shown as ${piece.text}${japanese ? ', not ' + want : ''}`);
    }
    // rotate(180deg) is the matrix (-1, 0, 0, -1).
    const upsideDown = /^matrix\(-1, [-0-9.e]+, [-0-9.e]+, -1, 0, 0\)$/.test(piece.transform);
    if (upsideDown !== piece.second) throw new Error(`${game}: ${piece.code} (${piece.second ? 'second' : 'first'}) drawn ${piece.transform}`);
  }
  const drops = now.moves.filter((m) => (japanese ? /打$/ : /@/).test(m));
  if (now.moves.some((m) => (japanese ? m.includes('@') : m.includes('打'))) || now.japanese !== japanese) {
    throw new Error(`${game}: moves ${now.moves.join(' ')} with Japanese ${japanese}`);
  }
  return { pieces: now.pieces.length, drops: drops.length, stored: now.stored };
}

// The toggle: the pieces of the page shown (a game's position) in Japanese,
// the choice kept over a reload (localStorage), the screenshot
// `dir/name-kanji.png` (of the position after `at` moves, if given), and
// back to Latin letters.
export async function toggleJapanese(page, dir, game, at = null) {
  await checkPieceNames(page, game, false);
  await page.check('#pieces-japanese');
  let seen = await checkPieceNames(page, game, true);
  if (seen.stored !== 'japanese') throw new Error('not remembered: ' + seen.stored);
  const id = await page.evaluate(() => state.id);
  await page.reload();
  await page.waitForFunction((gameId) => state && state.id === gameId && document.querySelector('#board .piece'), id);
  seen = await checkPieceNames(page, game, true);
  console.log(`${game}: ${seen.pieces} pieces and ${seen.drops} drops in Japanese, kept over a reload`);
  if (at !== null) {
    await page.evaluate((k) => reviewGo(k), at);
    await page.waitForFunction((k) => state.at === k, at);
    seen = await checkPieceNames(page, game, true);
    console.log(`${game}: after move ${at}, ${seen.pieces} pieces in Japanese, the hands' among them`);
  }
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/${game}-kanji.png`, fullPage: true });
  await page.check('#pieces-latin');
  seen = await checkPieceNames(page, game, false);
  if (seen.stored !== 'latin') throw new Error('Latin letters not remembered: ' + seen.stored);
}
