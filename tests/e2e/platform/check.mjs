// Runs tests/js/platform-check.mjs against the package (pkg/) in whatever runtime loads this
// module: Deno and Bun run it as a script (it prints one line of JSON), the browser page imports it
// and calls `run()`. Plain ES: no Node built-ins.
import * as api from '../../../pkg/dist/wtf8-wasm.mjs';
import { checkPlatform } from '../../js/platform-check.mjs';

/** The check's result. */
export const run = () => checkPlatform(api);

if (globalThis.Deno !== undefined || globalThis.process?.versions?.bun !== undefined)
  console.log(JSON.stringify(await run()));
