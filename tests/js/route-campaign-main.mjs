// Runs one slice of the route campaign (tests/js/route-campaign.mjs) against the test entry
// (target/testing/, the package plus its plans' switches) in whatever runtime runs this script —
// Node, Deno or Bun — and prints one line of JSON: the runtime, its plan, the cases each plan
// passed, the next case's index and the failures. scripts/route-campaign.mjs starts it.
//
//   <runtime> tests/js/route-campaign-main.mjs <seed> <first case> <cases> <seconds> <max length>
import * as api from '../../target/testing/wtf8-wasm-testing.mjs';
import { planNames } from './route-check.mjs';
import { runCampaign } from './route-campaign.mjs';

// Errors without stack traces: the campaign compares each error's name, code and position, never
// its stack, and capturing one was a tenth of its time on Node 26 (--cpu-prof: the strict calls
// throw on most ill-formed input). A finding names its seed and case, replayed elsewhere with stacks.
Error.stackTraceLimit = 0;
const args = globalThis.Deno?.args ?? globalThis.process.argv.slice(2);
const [seed, first, cases, seconds, maxLength] = args.map(Number);
const started = Date.now();
const result = runCampaign(api, {
  plans: planNames(api),
  seed,
  first,
  cases,
  until: started + seconds * 1000,
  maxLength,
});
console.log(
  JSON.stringify({
    runtime: api.runtime,
    plan: api.defaultPlan,
    seed,
    first,
    next: result.next,
    cases: result.cases,
    failures: result.failures,
    seconds: (Date.now() - started) / 1000,
  }),
);
