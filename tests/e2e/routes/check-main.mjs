// Runs tests/js/route-check.mjs against the test entry in whatever runtime loads this module:
// Deno and Bun run it as a script (it prints one line of JSON), workerd and the browser page
// import it and call `run()`. Plain ES: no Node built-ins.
import * as api from '../../../target/testing/wtf8-wasm-testing.mjs';
import { checkRoutes } from '../../js/route-check.mjs';
import { describePlan } from '../../js/plans.mjs';

/** The route check's result, with what this runtime detected and which plan it chose. */
export function run() {
  const result = checkRoutes(api);
  return {
    ...result,
    runtime: api.runtime,
    capabilities: api.capabilities,
    plan: api.activePlan(),
    chosen: describePlan(api, api.defaultPlan),
  };
}

if (globalThis.Deno !== undefined || globalThis.process?.versions?.bun !== undefined)
  console.log(JSON.stringify(run()));
