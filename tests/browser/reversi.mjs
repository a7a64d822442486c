// A whole Reversi game on the octagon with three colours: black a person
// clicking ringed (legal) cells and passing when it has none, white and ash
// `random`; the finished board's screenshot is reversi.png. Run by run.mjs.

export default async function reversi(page, url, dir) {
  await page.goto(url);
  await page.click('a[href="/play/reversi"]');
  await page.waitForSelector('#seat-2');
  if (await page.inputValue('#preset') !== 'octagon3') throw new Error('the default preset is not octagon3');
  await page.selectOption('#seat-1', 'random');
  await page.selectOption('#seat-2', 'random');
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.moves.length === 0 && state.seats[2].player === 'random');
  const holes = await page.locator('#board .cell.hole').count();
  if (holes !== 12) throw new Error(`${holes} holes drawn, the octagon has 12`);

  let passes = 0;
  for (let turn = 0; turn < 60; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    if (current.to_move !== 0 || current.engine_to_move) throw new Error('not the person to move: ' + JSON.stringify(current));
    const played = current.moves.length;
    const ringed = await page.locator('#board .cell.target').evaluateAll((cells) => cells.map((c) => c.dataset.square));
    if (JSON.stringify(ringed.sort()) !== JSON.stringify([...current.legal_cells].sort())) {
      throw new Error(`ringed ${ringed}, legal ${current.legal_cells}`);
    }
    let move;
    if (current.legal_moves[0] === 'pass') {
      await page.click('#pass');
      move = 'pass';
      passes += 1;
    } else {
      move = ringed[turn % ringed.length];
      await page.click(`#board [data-square="${move}"]`);
    }
    await page.waitForFunction((n) => state.moves.length > n && (state.over || !state.engine_to_move), played);
    const now = await page.evaluate(() => state);
    if (now.moves[played].move !== move || now.moves[played].colour !== 0) {
      throw new Error(`clicked ${move}, played ${JSON.stringify(now.moves[played])}`);
    }
  }
  const end = await page.evaluate(() => state);
  if (!end.over) throw new Error('the game did not end');
  const shown = await page.textContent('#result');
  if (shown !== end.result) throw new Error('result shown: ' + shown);
  const stones = end.colours.map((c) => c.stones);
  console.log(`reversi: ${end.moves.length} moves (${passes} passes clicked): ${end.result}`);
  const rows = await page.locator('#scores tr').count();
  if (rows !== 3) throw new Error(`${rows} score rows`);
  const record = await page.evaluate(async () => (await fetch(document.getElementById('download').href)).text());
  if (!record.includes('[Variant octagon3]') || !record.includes(`[Result ${stones.join('-')}]`)) {
    throw new Error('the record: ' + record);
  }
  await page.screenshot({ path: `${dir}/reversi.png`, fullPage: true });
}
