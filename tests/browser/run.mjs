// The browser tests of `arena serve`: one server (`arena serve --port 0`),
// Debian's Chromium (headless) driven by playwright-core, each test on a
// fresh page; screenshots in DIR. Usage:
//   node run.mjs [ARENA] [DIR] [TEST...]
// (ARENA defaults to target/debug/arena, DIR to build/browser, the tests to
// all of them: dobutsu kyoto janken reversi blokus blokus-sim). CHROMIUM overrides /usr/bin/chromium.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import dobutsu from './dobutsu.mjs';
import kyoto from './kyoto.mjs';
import janken from './janken.mjs';
import reversi from './reversi.mjs';
import blokus, { blokusAgainstTheSimulatedBoard } from './blokus.mjs';

const TESTS = { dobutsu, kyoto, janken, reversi, blokus, 'blokus-sim': blokusAgainstTheSimulatedBoard };
const arena = process.argv[2] || 'target/debug/arena';
const dir = process.argv[3] || 'build/browser';
const names = process.argv.length > 4 ? process.argv.slice(4) : Object.keys(TESTS);
for (const name of names) if (!TESTS[name]) throw new Error(`no test ${name}: the tests are ${Object.keys(TESTS).join(' ')}`);
mkdirSync(dir, { recursive: true });

const server = spawn(arena, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
// All of them (the simulated board's game takes about a minute, and its
// model's first build up to a few more) well within eight minutes, or the run fails.
const LIMIT_MS = 480_000;
setTimeout(() => {
  console.error(`the browser tests took more than ${LIMIT_MS / 1000} s`);
  server.kill();
  process.exit(1);
}, LIMIT_MS).unref();
const url = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => {
    const match = line.match(/^open (http:\/\/\S+)$/);
    if (match) resolve(match[1]); else reject(new Error('first line: ' + line));
  });
  server.once('exit', (code) => reject(new Error('arena serve ended: ' + code)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const failures = [];
for (const name of names) {
  const started = Date.now();
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await TESTS[name](page, url, dir);
    if (errors.length) throw new Error('page errors: ' + errors.join('; '));
    console.log(`ok ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(name);
    console.error(`FAILED ${name}:`, error);
  } finally {
    await page.close();
  }
}
await browser.close();
server.kill();
console.log(`${names.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
