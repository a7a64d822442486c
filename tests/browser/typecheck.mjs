// The pages' scripts checked by tsc against the API's wire types
// (host/arena/src/web/static/wire.d.ts, generated from web/wire.rs): each
// page as its HTML loads it, common.js and the page's own script. Exits
// non-zero, tsc's errors printed, when any field a page reads is not what
// the API sends.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = join(here, 'node_modules', '.bin', 'tsc');
const pages = join(here, '..', '..', 'host', 'arena', 'src', 'web', 'static');
const options = [
  '--noEmit', '--allowJs', '--checkJs', '--target', 'es2022',
  '--lib', 'es2022,dom,dom.iterable',
];
function check(files) {
  const run = spawnSync(tsc, [...options, ...files], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return run;
}

let failed = false;
for (const page of ['app.js', 'reversi.js', 'blokus.js']) {
  const run = check(['wire.d.ts', 'common.js', page].map((f) => join(pages, f)));
  if (run.status !== 0) {
    failed = true;
    console.error(`${page}: tsc found errors\n${run.stdout}${run.stderr}`);
  } else {
    console.log(`${page}: checked against wire.d.ts`);
  }
}
// The check itself: a page that reads a field the API does not send fails.
const scratch = mkdtempSync(join(tmpdir(), 'typecheck-'));
const broken = join(scratch, 'reversi.js');
const page = readFileSync(join(pages, 'reversi.js'), 'utf8');
if (!page.includes('state.legal_cells')) throw new Error('reversi.js no longer reads state.legal_cells');
writeFileSync(broken, page.replace('state.legal_cells', 'state.legal_cell'));
const run = check([join(pages, 'wire.d.ts'), join(pages, 'common.js'), broken]);
if (run.status === 0 || !run.stdout.includes("Property 'legal_cell' does not exist")) {
  failed = true;
  console.error(`a misspelt field passed the check:\n${run.stdout}${run.stderr}`);
} else {
  console.log('a misspelt field (state.legal_cell) is refused');
}
process.exit(failed ? 1 : 0);
