// A whole Kyoto shogi game on `arena serve`'s page, the first seat clicking
// (a piece then a cell, the face chosen when both are legal; a piece in
// hand then a cell) against `random`. The person plays to end the game soon:
// captures first, then moves and drops next to the other king, drops before
// moves, the king last; the server ends a game at 400 plies anyway. The
// finished board's screenshot is kyoto.png; then the pieces in kanji, kept
// over a reload, shown at the last position with pieces in both hands:
// kyoto-kanji.png. Run by run.mjs.
import { clickShogiMove, newGameAgainstRandom, playToEnd, toggleJapanese } from './play.mjs';

// The pieces by square (`c3`: {code, side}), read by the page's own FEN reader.
async function pieces(page) {
  return page.evaluate(() => {
    const { rows } = readShogiFen(state.fen);
    const found = {};
    rows.forEach((cells, row) => cells.forEach((piece, column) => {
      if (piece) found[squareName(column, row, rows.length)] = piece;
    }));
    return found;
  });
}

// The move that looks like it ends the game soonest (ties: a turn-dependent one).
async function choose(page, state, turn) {
  const board = await pieces(page);
  const king = Object.keys(board).find((sq) => board[sq].code === 'K' && board[sq].side !== state.to_move);
  const nextToKing = (sq) => Math.max(Math.abs(sq.charCodeAt(0) - king.charCodeAt(0)),
    Math.abs(Number(sq[1]) - Number(king[1]))) === 1;
  const n = state.legal_moves.length;
  let best = null;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const move = state.legal_moves[(i + turn * 7) % n];
    const isDrop = move.includes('@');
    const target = isDrop ? move.split('@')[1] : move.slice(2, 4);
    const mover = isDrop ? null : board[move.slice(0, 2)];
    const victim = board[target];
    const score = (victim && victim.side !== state.to_move ? 10 : 0) + (nextToKing(target) ? 3 : 0)
      + (isDrop ? 1 : 0) - (mover && mover.code === 'K' ? 1 : 0);
    if (score > bestScore) { best = move; bestScore = score; }
  }
  return best;
}

export default async function kyoto(page, url, dir) {
  await page.goto(url + 'play/kyoto');
  await newGameAgainstRandom(page);
  const end = await playToEnd(page, dir, 'kyoto', 200, (state, turn) => choose(page, state, turn), clickShogiMove);
  // The person's moves are the even plies.
  const drops = end.moves.filter((m, ply) => ply % 2 === 0 && m.includes('@')).length;
  if (drops === 0) throw new Error('no drop was clicked');
  console.log(`kyoto: ${drops} drops clicked`);
  // In Japanese, the last position with pieces in both hands shown.
  const inHands = await page.evaluate(async (plies) => {
    for (let k = plies; k > 0; k--) {
      const { hands } = readShogiFen((await api('GET', `games/${state.id}/at/${k}`)).fen);
      if (hands.first.length && hands.second.length) return k;
    }
    return null;
  }, end.moves.length);
  await toggleJapanese(page, dir, 'kyoto', inHands);
}
