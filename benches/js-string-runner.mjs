// One runtime's part of benches/js-string.mjs in Node or Deno: loads the example crate as built by
// the driver (Node: the `nodejs` target, as `require` gives it; Deno: the `web` target with
// `initSync`), runs the cases of the job file, and writes the rows where the job says. Progress
// goes to stderr, a line per case.
//
//   <runtime> benches/js-string-runner.mjs <job.json>
//   job = { texts, plan, settings, nodejs, web, out }   (absolute paths)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runCases } from './js-string-suite.mjs';

const argv = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const job = JSON.parse(readFileSync(argv[0], 'utf8'));
let m;
if (globalThis.Deno) {
  m = await import(new URL(`file://${job.web}/example.js`).href);
  m.initSync({ module: readFileSync(`${job.web}/example_bg.wasm`) });
} else {
  m = createRequire(import.meta.url)(`${job.nodejs}/example.js`);
}
const texts = JSON.parse(readFileSync(job.texts, 'utf8'));
const rows = runCases(m, texts, job.plan, job.settings, (row) =>
  console.error(`  ${row.script} ${row.units} ${row.kind}: ${row.echo.ratios[0].toFixed(2)}`),
);
const version = globalThis.Deno
  ? `Deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`
  : `Node ${process.version} (V8 ${process.versions.v8})`;
writeFileSync(job.out, JSON.stringify({ version, rows }));
