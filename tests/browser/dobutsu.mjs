// A whole Dobutsu shogi game on `arena serve`'s page: the first seat clicks
// (a piece then a cell, a hand piece then a cell), `random` answers; an
// illegal move refused first. The finished board's screenshot is
// dobutsu.png. Run by run.mjs.
import { clickShogiMove, newGameAgainstRandom, playToEnd } from './play.mjs';

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

  await playToEnd(page, dir, 'dobutsu', 200,
    (state, turn) => state.legal_moves[turn % state.legal_moves.length], clickShogiMove);
}
