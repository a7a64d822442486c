// A whole Dobutsu shogi game on `arena serve`'s page: the first seat clicks
// (a piece then a cell, a hand piece then a cell), `random` answers; then a
// few clicked moves of Kyoto shogi and Janken shogi (its set-up and turns
// clicked as paths). A screenshot of each page in `dir`. Run by run.mjs.

export default async function dobutsu(page, url, dir) {
  await page.goto(url);
  await page.click('a[href="/play/dobutsu"]');
  await page.waitForSelector('#board .cell');
  await page.selectOption('#second-kind', 'random');
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.moves.length === 0 && state.seats[1].player === 'random');

  // An illegal move first: the rules' reason is shown, nothing is played.
  await page.click('[data-square="b1"]'); // own lion
  await page.click('[data-square="b4"]'); // far away
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  console.log('illegal move refused:', await page.textContent('#message'));

  for (let turn = 0; turn < 200; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    const played = current.moves.length;
    const move = current.legal_moves[turn % current.legal_moves.length];
    if (move.includes('@')) {
      await page.click(`#hand-first [data-hand="${move[0]}"]`);
      await page.click(`[data-square="${move.split('@')[1]}"]`);
    } else {
      await page.click(`[data-square="${move.slice(0, 2)}"]`);
      await page.click(`[data-square="${move.slice(2, 4)}"]`);
      if (await page.locator('#choices button').count() > 0) {
        await page.click(`#choices button:text-is("${move}")`);
      }
    }
    await page.waitForFunction((n) => state.moves.length > n, played);
    const now = await page.evaluate(() => state);
    if (now.moves[played] !== move) throw new Error(`clicked ${move}, played ${now.moves[played]}`);
  }
  const end = await page.evaluate(() => state);
  console.log(`${end.moves.length} plies: ${end.result || 'not over'}`);
  if (!end.over) throw new Error('the game did not end in 200 turns');
  const shown = await page.textContent('#result');
  if (shown !== end.result) throw new Error('result shown: ' + shown);
  const items = await page.locator('#moves li').count();
  if (items !== end.moves.length) throw new Error(`${items} moves listed, ${end.moves.length} played`);
  await page.screenshot({ path: `${dir}/dobutsu.png`, fullPage: true });

  // Kyoto shogi with points, a few clicked moves against random; then Janken
  // shogi: the set-up chosen and played, and a turn clicked as a path.
  await page.goto(url + 'play/kyoto');
  await page.waitForSelector('#option-points');
  await page.selectOption('#second-kind', 'random');
  await page.check('#option-points');
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.fen.includes('points=') && state.seats[1].player === 'random');
  for (let turn = 0; turn < 4; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    const played = current.moves.length;
    const move = current.legal_moves.find((m) => !m.includes('@'));
    await page.click(`[data-square="${move.slice(0, 2)}"]`);
    await page.click(`[data-square="${move.slice(2, 4)}"]`);
    await page.waitForFunction((n) => state.moves.length > n, played);
  }
  await page.screenshot({ path: `${dir}/kyoto.png`, fullPage: true });

  await page.goto(url + 'play/janken');
  await page.waitForSelector('#option-blind');
  await page.selectOption('#second-kind', 'random');
  await page.click('#new-game');
  await page.waitForSelector('#setup-3');
  await page.selectOption('#setup-1', 'GCP');
  await page.click('#setup-play');
  await page.waitForFunction(() => state.moves.length === 2 && state.to_move === 'first');
  const setUp = await page.evaluate(() => state.moves[0]);
  if (setUp !== 'GPC-GCP-GPC-GPC') throw new Error('set-up played: ' + setUp);
  for (let turn = 0; turn < 3; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    const played = current.moves.length;
    const move = current.legal_moves[turn * 7 % current.legal_moves.length];
    for (const cell of move.match(/[a-f][1-6]/g)) await page.click(`[data-square="${cell}"]`);
    const built = await page.inputValue('#move-text');
    await page.click('#move-play');
    await page.waitForFunction((n) => state.moves.length > n, played);
    console.log(`janken: clicked ${built} for ${move}`);
  }
  await page.screenshot({ path: `${dir}/janken.png`, fullPage: true });
}
