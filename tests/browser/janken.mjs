// A whole Janken shogi game on `arena serve`'s page against `random`: the
// person's set-up chosen in the page's selects and played, then each turn
// clicked as its path of cells (a cube, the cells it goes through; another
// cube starts its own action) and played. The person heads for the goal f6:
// the legal turn whose path ends nearest it. The finished board's screenshot
// is janken.png. A cube clicked after the set-up shows its faces (a net)
// and its top after a step each way; no toggle of piece names (cubes are no
// shogi pieces). Run by run.mjs.
import { newGameAgainstRandom, playToEnd } from './play.mjs';

const cellsOf = (text) => text.match(/[a-f][1-6]/g);
// Moves from the goal f6 (king steps).
const fromGoal = (sq) => Math.max('f'.charCodeAt(0) - sq.charCodeAt(0), 6 - Number(sq[1]));

function choose(state, turn) {
  const n = state.legal_moves.length;
  let best = null;
  let bestDistance = Infinity;
  for (let i = 0; i < n; i++) {
    const move = state.legal_moves[(i + turn * 7) % n];
    const distance = Math.min(...move.split('/').map((action) => fromGoal(cellsOf(action).pop())));
    if (distance < bestDistance) { best = move; bestDistance = distance; }
  }
  return best;
}

// Clicks the turn's cells: the page builds the path (captures' `x` are the
// server's to write), then Play.
async function clickTurn(page, move) {
  for (const cell of cellsOf(move)) await page.click(`[data-square="${cell}"]`);
  const built = await page.inputValue('#move-text');
  const expected = move.split('/').map((action) => cellsOf(action).join('')).join('/');
  if (built !== expected) throw new Error(`clicked ${move}, the page built ${built}`);
  await page.click('#move-play');
}

export default async function janken(page, url, dir) {
  await page.goto(url + 'play/janken');
  await newGameAgainstRandom(page);
  // Cubes, not shogi pieces: no Latin / Japanese toggle.
  if (await page.isVisible('#piece-style')) throw new Error('a toggle of piece names on the Janken page');
  await page.waitForSelector('#setup-3');
  await page.selectOption('#setup-1', 'GCP');
  await page.click('#setup-play');
  await page.waitForFunction(() => state.moves.length === 2 && state.to_move === 'first');
  const setUp = await page.evaluate(() => state.moves[0]);
  if (setUp !== 'GPC-GCP-GPC-GPC') throw new Error('set-up played: ' + setUp);
  await page.click('[data-square="b2"]'); // the cube set up GCP: top G, front C, side P
  await page.waitForSelector('#cube-faces:not([hidden])');
  const faces = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#cube-faces .face')]
    .map((face) => [face.dataset.face, face.firstChild.textContent])));
  const expected = { top: 'G', bottom: 'G', front: 'C', back: 'C', left: 'P', right: 'P' };
  if (JSON.stringify(faces) !== JSON.stringify({ ...faces, ...expected }) || Object.keys(faces).length !== 6) {
    throw new Error('the faces of b2: ' + JSON.stringify(faces));
  }
  const steps = await page.textContent('#cube-steps');
  if (!steps.includes('up or down its top is C, left or right P')) throw new Error('steps: ' + steps);
  await page.click('#move-clear'); // the click began a path
  await playToEnd(page, dir, 'janken', 100, choose, clickTurn);
}
