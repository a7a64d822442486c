// A whole Dobutsu shogi game on `arena serve`'s page: the first seat clicks
// (a piece then a cell, a hand piece then a cell), `random` answers; an
// illegal move refused first. The finished board's screenshot is
// dobutsu.png. Then the game reviewed: back to its start, forward to move
// 1 (the board shown is the server's after 1 move, the move marked), a move
// there refused, and on to the last. Then the pieces in Japanese (kana),
// kept over a reload: dobutsu-kanji.png. Last, an engine given 10 s a move
// shows its search's progress while it thinks and moves at once when the
// person presses Move now. Run by run.mjs.
import { clickShogiMove, newGameAgainstRandom, playToEnd, toggleJapanese } from './play.mjs';

export default async function dobutsu(page, url, dir) {
  await page.goto(url);
  await page.click('a[href="/play/dobutsu"]');
  await page.waitForSelector('#board .cell');
  await newGameAgainstRandom(page);

  // An illegal move first: the rules' reason is shown, nothing is played.
  await page.click('[data-square="b1"]'); // own lion
  await page.click('[data-square="b4"]'); // far away
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  console.log('illegal move refused:', await page.textContent('#message'));

  const end = await playToEnd(page, dir, 'dobutsu', 200,
    (state, turn) => state.legal_moves[turn % state.legal_moves.length], clickShogiMove);
  await review(page, end);
  await toggleJapanese(page, dir, 'dobutsu');
  await moveNow(page);
}

// A new game against alpha-beta at 10 s a move: after the person's move the
// status shows the engine's time and depth, the page's other controls still
// answer (a review step), and Move now has the engine move within seconds.
async function moveNow(page) {
  await page.selectOption('#second-kind', 'alphabeta');
  await page.selectOption('#second-time', '10');
  await page.click('#new-game');
  await page.waitForFunction(() => state && state.moves.length === 0 && state.seats[1].player === 'alphabeta:time=10');
  const first = await page.evaluate(() => state.legal_moves[0]);
  await clickShogiMove(page, first);
  await page.waitForFunction(() => /thinking… [0-9.]+ s, depth/.test(document.getElementById('status').textContent));
  console.log('while the engine thinks:', await page.textContent('#status'));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => state.at === 0 && state.plies === 1);
  await page.keyboard.press('End');
  await page.waitForSelector('#engine-button:not([hidden])');
  const pressed = Date.now();
  await page.click('#engine-button');
  await page.waitForFunction(() => state.moves.length === 2 && !state.engine_to_move);
  const took = Date.now() - pressed;
  console.log(`Move now: the engine moved ${took} ms after the press: ${await page.textContent('#engine-info')}`);
  if (took > 6000) throw new Error(`the engine moved ${took} ms after Move now`);
  if (!(await page.isHidden('#engine-button'))) throw new Error('Move now still shown');
}

// The board's cells as shown.
const shownBoard = (page) => page.evaluate(() => [...document.querySelectorAll('#board .cell')]
  .map((cell) => cell.textContent).join('|'));

// Steps through the finished game `end`: Home, →, a move refused, the
// back button from the last position, End.
async function review(page, end) {
  const finalBoard = await shownBoard(page);
  const at = (k) => page.waitForFunction((n) => state.at === n && document.body.dataset.reviewAt === String(n), k);
  await page.keyboard.press('Home');
  await at(0);
  if (await page.textContent('#fen') !== 'gle/1c1/1C1/ELG[] w - - 0 1') throw new Error('the start shown: ' + await page.textContent('#fen'));
  await page.keyboard.press('ArrowRight');
  await at(1);
  const afterOne = await page.evaluate(async () => (await api('GET', `games/${state.id}/at/1`)).fen);
  if (await page.textContent('#fen') !== afterOne) throw new Error('after move 1: ' + await page.textContent('#fen'));
  const board = await shownBoard(page);
  if (board === finalBoard) throw new Error('the board after move 1 is the final one');
  const to = end.moves[0].slice(-2);
  if (await page.locator(`[data-square="${to}"] .piece`).count() !== 1) throw new Error(`no piece on ${to}: ${board}`);
  const marked = await page.locator('#moves li.current').allTextContents();
  if (marked.join() !== end.moves[0]) throw new Error('marked in the list: ' + marked);
  await page.fill('#move-text', end.moves[1]);
  await page.click('#move-play');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('last position'));
  await page.click('#review-last');
  await at(end.moves.length);
  await page.click('#review-back');
  await at(end.moves.length - 1);
  await page.keyboard.press('End');
  await at(end.moves.length);
  if (await shownBoard(page) !== finalBoard) throw new Error('the last position is not the final board');
  console.log(`reviewed: the start, move 1 (${end.moves[0]}), back and on to move ${end.moves.length}`);
}
