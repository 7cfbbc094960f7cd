// One runtime's part of the benchmark, in Node, Deno or Bun: benches/run.mjs starts it with the
// runtime's own binary and a job file, and it runs benches/suite.mjs there on the corpora that
// run.mjs built, then writes the results where the job says. Plain ES plus node:fs, which all
// three runtimes have.
//
//   <runtime> benches/runner.mjs <job.json>
//   job = { runtime, entry, testing, corpora, opts, out }   (absolute paths; entry: what is timed,
//         the published file or, with opts.plan (`--plans`), the test entry with that plan put to
//         use before anything runs; testing: the test entry, read to report the plan in use)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runSuite } from './suite.mjs';
import { runShort } from './short.mjs';
import { runFixedCost } from './fixed-cost.mjs';

const argv = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const job = JSON.parse(readFileSync(argv[0], 'utf8'));
const corpora = JSON.parse(readFileSync(job.corpora, 'utf8'));
const ours = await import(pathToFileURL(job.entry).href);
if (job.opts.plan) ours.usePlan(job.opts.plan);

const env = {
  runtime: job.runtime,
  now: () => performance.now(),
  ours: { encode: ours.encode, decode: ours.decode, toUtf8: ours.toUtf8, encodeInto: ours.encodeInto },
};
if (job.opts.contenders === 'all') {
  // The peers and Node's Buffer, as in earlier reports (Deno and Bun have a Buffer too).
  const require = createRequire(import.meta.url);
  env.Buffer = globalThis.Buffer;
  env.wtf8 = require('wtf-8');
  const cto = await import('@cto.af/wtf8');
  env.cto = { Wtf8Encoder: cto.Wtf8Encoder, Wtf8Decoder: cto.Wtf8Decoder };
  env.binary = {
    toBytes: (byteString) => Buffer.from(byteString, 'latin1'),
    fromBytes: (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('latin1'),
  };
}

const testing = job.testing === job.entry ? ours : await import(pathToFileURL(job.testing).href);
const info = {
  plan: job.opts.plan ? testing.activePlan() : { name: testing.defaultPlan },
  detected: testing.runtime,
  version: globalThis.Deno
    ? `deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`
    : process.versions.bun
      ? `bun ${process.versions.bun}`
      : `node ${process.version} (V8 ${process.versions.v8})`,
};
console.log(`  ${info.version}`);
const log = (line) => console.log(line);
if (job.opts.fixedCost) {
  const fixed = await runFixedCost(testing, env, job.opts, log);
  writeFileSync(job.out, JSON.stringify({ info, fixed }));
  process.exit(0);
}
const suite = job.opts.short === 'only' ? null : await runSuite(env, corpora, job.opts, log);
const short = job.opts.short === 'none' ? null : await runShort(env, job.opts, log);
writeFileSync(job.out, JSON.stringify({ info, suite, short }));
