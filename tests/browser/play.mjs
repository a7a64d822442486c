// What the browser tests of the two-player pages (Dobutsu, Kyoto and Janken
// shogi) share: a new game of a person (first) against `random`, a shogi
// move clicked (a piece then a cell, a piece in hand then a cell, the face
// chosen when the page asks), and the person's seat played to the end, every
// clicked move checked against what the server played, the finished board's
// result and move list checked and its screenshot saved.

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
    await page.click(`#choices button:text-is("${move}")`);
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
    await page.waitForFunction((n) => state.moves.length > n, played);
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
