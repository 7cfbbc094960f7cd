#!/usr/bin/env node
// The README's Boundaries table, made from the pinned facts (facts.mjs for Node, Deno and Bun,
// browser-facts.mjs for the browsers), which the boundary tests check on the real parts: so the
// table says what the tests measure. tests/boundaries/readme.test.mjs checks that README.md holds
// exactly this table.
//
//   node tests/boundaries/table.mjs           print the table
//   node tests/boundaries/table.mjs --write   write it into README.md, between its markers
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_FACTS } from './browser-facts.mjs';
import { RUNTIME_FACTS } from './facts.mjs';
import { RUNTIME_LABELS } from '../../scripts/runtimes.mjs';

export const README = join(fileURLToPath(new URL('../..', import.meta.url)), 'README.md');
export const START = '<!-- boundaries table: made by tests/boundaries/table.mjs from the tested facts -->';
export const END = '<!-- end of the boundaries table -->';

/** "Node 20–26, Deno, Bun": the runtimes' labels, Node versions in a run where they are consecutive. */
function runtimesLabel(names) {
  const order = Object.keys(RUNTIME_LABELS);
  const sorted = [...names].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const nodes = sorted.filter((n) => n.startsWith('node'));
  const others = sorted.filter((n) => !n.startsWith('node')).map((n) => RUNTIME_LABELS[n]);
  const all = ['node20', 'node22', 'node24', 'node26'];
  const run =
    nodes.length > 2 && all.slice(all.indexOf(nodes[0]), all.indexOf(nodes[0]) + nodes.length).join() === nodes.join();
  const nodeLabel = !nodes.length
    ? []
    : run
      ? [`Node ${nodes[0].slice(4)}–${nodes.at(-1).slice(4)}`]
      : [`Node ${nodes.map((n) => n.slice(4)).join(', ')}`];
  return [...nodeLabel, ...others].join(', ');
}

/** What a plain string does, in words, from the outcomes by kind (`not available`: no such part). */
export function describeSummary(summary) {
  if (Object.values(summary).every((outcome) => outcome === 'unavailable')) return 'not available';
  const words = [];
  const { lone, 'lone, long': long } = summary;
  if (lone === long && lone !== 'kept')
    words.push(lone === 'replaced' ? 'lone surrogates become U+FFFD' : `lone surrogates: ${lone}`);
  else if (lone === 'kept' && long === 'replaced') words.push('kept up to 50 units, U+FFFD in longer strings');
  else if (lone !== long) words.push(`lone surrogates: ${lone} (short), ${long} (long)`);
  if (summary.NUL === 'cut at NUL') words.push('read back only up to a NUL');
  else if (summary.NUL !== 'kept') words.push(`NUL ${summary.NUL}`);
  for (const kind of ['well-formed', 'empty']) if (summary[kind] !== 'kept') words.push(`${kind}: ${summary[kind]}`);
  return words.length ? words.join('; ') : '**kept**';
}

/** The table's rows: one per part and distinct behaviour, runtimes with the same behaviour together. */
export function tableRows() {
  const rows = [];
  for (const fact of [...RUNTIME_FACTS, ...BROWSER_FACTS]) {
    const groups = new Map();
    for (const [name, summary] of Object.entries(fact.runtimes)) {
      const text = describeSummary(summary);
      groups.set(text, [...(groups.get(text) ?? []), name]);
    }
    const recipe = fact.recipe ? (fact.example ? `${fact.recipe}: \`${basename(fact.example)}\`` : fact.recipe) : '—';
    for (const [text, names] of groups) {
      const part = fact.what ? `${fact.part} (${fact.what})` : fact.part;
      // No recipe where there is no part to keep strings in.
      rows.push(`| ${part} | ${runtimesLabel(names)} | ${text} | ${text === 'not available' ? '—' : recipe} |`);
    }
  }
  return rows;
}

/** The whole table, markers included. */
export function boundaryTable() {
  return [
    START,
    '',
    '| part | runtimes | a plain string | keep every string with |',
    '|---|---|---|---|',
    ...tableRows(),
    '',
    END,
  ].join('\n');
}

/** README.md with its table replaced by `table`. Throws if the markers are missing. */
export function withTable(readme, table = boundaryTable()) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no boundaries table markers (${START})`);
  return readme.slice(0, start) + table + readme.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--write') writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  else console.log(boundaryTable());
}
