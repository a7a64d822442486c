// A whole Blokus Duo game by clicking: player 1 a person against `random`,
// and another against the simulated board (`sim:10`: the Verilator model of
// the board's top level over the contest link), each board answer with its
// board time.
// (a board on a missing serial port refused first). An illegal placement first (refused with the rules' reason); then each
// turn a tile picked from the palette, turned with the r key and the flip
// button to the orientation of a legal code, its preview checked under the
// mouse and the cell clicked; a pass clicked when no tile fits. Then the
// SGF downloaded and loaded back to the same board. The finished board's
// screenshot is blokus.png (and a small one, web-blokus.png). Every placed
// tile is checked to be drawn as one piece after every move (the last move
// dotted), its cells joined and outlined by the board's pixels; the game
// reviewed at move 12 (move 12 dotted), the board then blokus-pieces.png.
// Run by run.mjs.

import { inflateSync } from 'node:zlib';

// The board's clock in cycles a millisecond: model::clock::CLOCK_HZ
// (50 MHz, from the ECP5's PLL) / 1000.
const BOARD_CYCLES_PER_MS = 50_000;

// The placed tiles as the page draws them, checked against the state: one
// piece (an SVG group) for each placement up to the move shown, of its
// mover's colour, a square in its fill for each of its cells and an
// outline; the move shown (the last, or the one reviewed) dotted and no
// other (none when it is a pass). Gives the number of the move shown.
async function checkPieces(page) {
  const { at, moves, pieces } = await page.evaluate(() => ({
    at: state.at,
    moves: state.moves.slice(0, state.at),
    pieces: [...document.querySelectorAll('#tiles g.shape')].map((g) => ({
      move: Number(g.dataset.move),
      tile: g.dataset.tile,
      classes: [...g.classList],
      squares: (g.querySelector('path.fill').getAttribute('d').match(/M/g) || []).length,
      outline: (g.querySelector('path.outline').getAttribute('d').match(/M/g) || []).length,
      dots: g.querySelectorAll('circle.last-mark').length,
    })),
  }));
  const placed = moves.map((m, i) => ({ ...m, number: i + 1 })).filter((m) => m.cells.length > 0);
  if (pieces.length !== placed.length) throw new Error(`${pieces.length} pieces drawn for ${placed.length} tiles placed`);
  placed.forEach((m, i) => {
    const piece = pieces[i];
    const dotted = m.number === at;
    if (piece.move !== m.number || piece.tile !== m.tile || !piece.classes.includes('p' + m.player)
      || piece.squares !== m.cells.length || piece.outline < 4
      || piece.classes.includes('last') !== dotted || piece.dots !== (dotted ? 1 : 0)) {
      throw new Error(`move ${m.number} (${m.code}) drawn as ${JSON.stringify(piece)}`);
    }
  });
  return at;
}

// The colour [r, g, b] of the page's pixel at (x, y): a 1x1 screenshot's
// one pixel (a PNG row of one pixel is that pixel whatever its filter).
async function pixel(page, x, y) {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  const idat = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IHDR' && (png[at + 16] !== 8 || ![2, 6].includes(png[at + 17]))) throw new Error('a PNG not of 8-bit RGB(A)');
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return [...inflateSync(Buffer.concat(idat)).subarray(1, 4)];
}

const ORANGE = [240, 138, 36];
const VIOLET = [138, 79, 208];
const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 16);
const dark = (c) => c.every((v) => v < 90);

// Looks at the board's pixels in the grid's gap between two cells side by
// side: between two cells of one tile the tile's colour (its cells joined,
// no grid line), between a tile and another tile or an empty cell the
// outline's dark line. Checks up to `most` pairs of each kind.
async function checkJoined(page, most = 6) {
  const moves = await page.evaluate(() => state.moves.slice(0, state.at));
  const owner = new Map(); // 'x,y' -> the move's index
  moves.forEach((m, i) => m.cells.forEach(([x, y]) => owner.set(x + ',' + y, i)));
  const seen = { joined: 0, outlined: 0 };
  for (const [key, i] of owner) {
    const [x, y] = key.split(',').map(Number);
    for (const [dx, dy] of [[1, 0], [0, 1]]) {
      if (x + dx > 14 || y + dy > 14) continue;
      const other = owner.get((x + dx) + ',' + (y + dy));
      const kind = other === i ? 'joined' : 'outlined';
      if (seen[kind] >= most) continue;
      const box = await page.locator(`.bcell[data-x="${x}"][data-y="${y}"]`).boundingBox();
      const colour = await pixel(page, dx ? box.x + 30 : box.x + 15, dy ? box.y + 30 : box.y + 15);
      const want = moves[i].player === 0 ? ORANGE : VIOLET;
      if (kind === 'joined' ? !near(colour, want) : !dark(colour)) {
        throw new Error(`the gap after ${key} towards (${dx},${dy}) is rgb(${colour}): ${kind === 'joined' ? 'a line inside a tile' : 'no outline between tiles'}`);
      }
      seen[kind] += 1;
    }
  }
  if (seen.joined === 0 || seen.outlined === 0) throw new Error('no pairs of cells to look at: ' + JSON.stringify(seen));
  return seen;
}

// Plays the person's side (player 1) to the end by clicking: the biggest
// tile that fits, picked, turned and placed with its preview checked; a
// pass clicked when nothing fits. Returns the passes clicked.
async function clickToTheEnd(page) {
  let passes = 0;
  for (let turn = 0; turn < 60; turn++) {
    const current = await page.evaluate(() => state);
    if (current.over) break;
    if (current.to_move !== 0 || current.engine_to_move) throw new Error('not the person to move');
    const played = current.moves.length;
    let move;
    let cells = [];
    if (current.legal_codes.length === 0) {
      await page.click('#pass');
      move = '0000';
      passes += 1;
    } else {
      // The biggest tile that fits, a placement varying with the turn.
      const biggest = current.legal_codes.reduce((a, c) => (c[2] > a ? c[2] : a), 'a');
      const codes = current.legal_codes.filter((c) => c[2] === biggest);
      move = codes[(turn * 7) % codes.length];
      const [x, y, tile, r] = [parseInt(move[0], 16), parseInt(move[1], 16), move[2], Number(move[3])];
      await page.click(`#palette-0 [data-tile="${tile}"]`);
      if ((await page.evaluate(() => pickedTurn)) % 2 !== r % 2) await page.click('#flip');
      for (let i = 0; i < 4 && (await page.evaluate(() => pickedTurn)) !== r; i++) await page.keyboard.press('r');
      if ((await page.evaluate(() => pickedTurn)) !== r) throw new Error('cannot turn to orientation ' + r);
      cells = await page.evaluate(([t, o]) => tileOffsets(t, o), [tile, r]);
      cells = cells.map(([dx, dy]) => [x + dx, y + dy]);
      const cell = `.bcell[data-x="${x}"][data-y="${y}"]`;
      await page.hover(cell);
      const green = await page.locator('.bcell.preview-ok').count();
      const size = (await page.evaluate(() => info.tiles.find((t) => t.letter === picked).size));
      if (green !== size) throw new Error(`${move}: ${green} green cells for a tile of ${size}`);
      await page.click(cell);
    }
    await page.waitForFunction((n) => state.moves.length > n && (state.over || !state.engine_to_move), played);
    // The tile just placed drawn as a piece, dotted as the last move (or
    // the engine's answer, if in already).
    if (await checkPieces(page) <= played) throw new Error(`${move}: not the last move shown`);
    const now = await page.evaluate(() => state);
    // The server keeps the canonical code of the cells covered.
    const key = (list) => JSON.stringify(list.map(([x, y]) => x * 16 + y).sort((a, b) => a - b));
    if (key(now.moves[played].cells) !== key(cells) || (move === '0000') !== (now.moves[played].code === '0000')) {
      throw new Error(`clicked ${move}, played ${JSON.stringify(now.moves[played])}`);
    }
  }
  return passes;
}

export default async function blokus(page, url, dir) {
  await page.goto(url);
  await page.click('a[href="/play/blokus"]');
  await page.waitForSelector('#palette-0 .tile');
  // A board on a serial port: its path typed beside the choice; one that
  // does not exist is refused with the reason.
  if (await page.isVisible('#second-port')) throw new Error('a port field without a serial board');
  await page.selectOption('#second-kind', 'serial');
  await page.fill('#second-port', '/dev/no-such-board');
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  const refused = await page.textContent('#message');
  if (!refused.includes('cannot open serial port /dev/no-such-board')) throw new Error('serial: ' + refused);
  console.log('blokus: a missing serial port refused:', refused);
  await page.selectOption('#second-kind', 'random');
  if (await page.isVisible('#second-port')) throw new Error('the port field stays');
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.moves.length === 0 && state.seats[1].player === 'random');
  const cells = await page.locator('#board .bcell').count();
  if (cells !== 196) throw new Error(`${cells} cells drawn`);

  // The monomino in the corner misses the start square: previewed red, refused.
  await page.click('#palette-0 [data-tile="a"]');
  await page.hover('.bcell[data-x="1"][data-y="1"]');
  if (await page.locator('.bcell.preview-bad').count() !== 1) throw new Error('no red preview');
  await page.click('.bcell[data-x="1"][data-y="1"]');
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  const reason = await page.textContent('#message');
  if (!reason.includes('start square')) throw new Error('refused with: ' + reason);
  console.log('blokus: illegal placement refused:', reason);

  const passes = await clickToTheEnd(page);
  const end = await page.evaluate(() => state);
  if (!end.over) throw new Error('the game did not end');
  const shown = await page.textContent('#result');
  if (shown !== end.result) throw new Error('result shown: ' + shown);
  const items = await page.locator('#moves li').count();
  if (items !== end.moves.length) throw new Error(`${items} moves listed, ${end.moves.length} played`);
  console.log(`blokus: ${end.moves.length} moves (${passes} passes clicked): ${end.result}`);
  await page.mouse.move(0, 0);
  const looked = await checkJoined(page);
  console.log(`blokus: pieces joined and outlined (${looked.joined} gaps inside tiles, ${looked.outlined} between, looked at)`);
  await page.screenshot({ path: `${dir}/blokus.png`, fullPage: true });
  // A small one for the README (docs/web-blokus.png is a copy).
  await page.evaluate(() => { document.body.style.zoom = '0.62'; });
  await page.screenshot({ path: `${dir}/web-blokus.png`, clip: { x: 0, y: 0, width: 760, height: 560 } });
  await page.evaluate(() => { document.body.style.zoom = ''; });

  // Reviewed: after move 12 the tiles of the first 12 moves, move 12 dotted
  // (blokus-pieces.png, the board alone); then back to the last.
  await page.click('#moves li:nth-child(12)');
  await page.waitForFunction(() => state.at === 12);
  if (await checkPieces(page) !== 12) throw new Error('not move 12 shown in review');
  await checkJoined(page, 3);
  await page.locator('#board').screenshot({ path: `${dir}/blokus-pieces.png` });
  await page.keyboard.press('End');
  await page.waitForFunction((n) => state.at === n, end.moves.length);
  await checkPieces(page);

  const sgf = await page.evaluate(async () => (await fetch(document.getElementById('download').href)).text());
  if (!sgf.startsWith('(;FF[4]') || !sgf.includes('GM[Blokus Duo]')) throw new Error('the SGF: ' + sgf);
  await page.setInputFiles('#load-file', { name: 'game.sgf', mimeType: 'text/plain', buffer: Buffer.from(sgf) });
  await page.waitForFunction((id) => state.id !== id, end.id);
  const loaded = await page.evaluate(() => state);
  if (JSON.stringify(loaded.rows) !== JSON.stringify(end.rows) || loaded.result !== end.result) {
    throw new Error('the loaded SGF is another position');
  }
}

// A whole game against the simulated board: every answer of the board
// carries its board time (cycles of the board's clock, and ms) and the game ends.
export async function blokusAgainstTheSimulatedBoard(page, url, dir) {
  await page.goto(url + 'play/blokus');
  await page.waitForSelector('#palette-0 .tile');
  await page.selectOption('#second-kind', 'sim:10');
  await page.click('#new-game');
  // The first start may build the board's Verilator model (a minute or two).
  await page.waitForFunction(
    () => state && state.moves.length === 0 && state.seats[1].player.startsWith('sim'),
    null,
    { timeout: 300_000 },
  );
  const passes = await clickToTheEnd(page);
  const end = await page.evaluate(() => state);
  if (!end.over) throw new Error('the game against the simulated board did not end');
  const answers = end.moves.filter((m) => m.player === 1);
  for (const m of answers) {
    const time = m.board_time;
    if (!time || !(time.cycles > 0) || Math.abs(time.cycles / BOARD_CYCLES_PER_MS - time.ms) > 0.01) {
      throw new Error('a board answer without its board time: ' + JSON.stringify(m));
    }
  }
  const longest = Math.max(...answers.map((m) => m.board_time.ms));
  console.log(`blokus-sim: ${end.moves.length} moves (${passes} passes clicked), ${answers.length} board answers, longest ${longest.toFixed(2)} ms of board time: ${end.result}`);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/blokus-sim.png`, fullPage: true });
}
