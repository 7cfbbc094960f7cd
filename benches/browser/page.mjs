// The benchmark page: runs benches/suite.mjs in the browser on the corpora the driver serves.
// Same bodies as in Node; Node-only contenders (Buffer) are absent here. The query string says
// which entry to time (`entry`: the published file or the test entry) and, with `--plans`, which
// plan to put to use before anything is timed (`plan`, through the test entry).
import { runSuite } from '../suite.mjs';
import { runShort } from '../short.mjs';
import { runFixedCost } from '../fixed-cost.mjs';
import { importWithWasmMemory } from '../wasm-memory.mjs';

const params = new URLSearchParams(location.search);
// The package does not export its wasm memory: import it through the bench-only hook.
const { module: ours, wasmBytes } = await importWithWasmMemory(params.get('entry') ?? '/pkg/dist/wtf8-wasm.mjs');
const testing = await import('/target/testing/wtf8-wasm-testing.mjs');
if (params.get('plan')) testing.usePlan(params.get('plan'));

const log = (line) => {
  console.log(line);
  document.getElementById('log').textContent += `${line}\n`;
};

async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json(); // JSON.parse: flat strings; lone surrogates arrive as \uXXXX escapes
}

/** Only for `--contenders all`: the peer libraries and their byte-string wrapping. */
async function peers() {
  const cto = await import('/node_modules/@cto.af/wtf8/lib/index.js');
  // wtf-8 works on byte strings; browsers have no native latin1 conversion, so plain loops
  // (String.fromCharCode over 8 Ki-byte chunks one way, charCodeAt the other).
  const binary = {
    toBytes(byteString) {
      const out = new Uint8Array(byteString.length);
      for (let i = 0; i < byteString.length; i++) out[i] = byteString.charCodeAt(i);
      return out;
    },
    fromBytes(u8) {
      let s = '';
      for (let i = 0; i < u8.length; i += 8192) s += String.fromCharCode.apply(null, u8.subarray(i, i + 8192));
      return s;
    },
  };
  return { wtf8: globalThis.wtf8, binary, cto: { Wtf8Encoder: cto.Wtf8Encoder, Wtf8Decoder: cto.Wtf8Decoder } };
}

globalThis.runBench = async (opts, runtime) => {
  const corpora = await fetchJson('/corpora.json');
  const env = {
    runtime,
    now: () => performance.now(),
    ours: { encode: ours.encode, decode: ours.decode, toUtf8: ours.toUtf8, encodeInto: ours.encodeInto },
    ...(opts.contenders === 'all' ? await peers() : {}),
  };
  if (opts.fixedCost) return { fixed: await runFixedCost(testing, env, opts, log) };
  const suite = opts.short === 'only' ? null : await runSuite(env, corpora, opts, log);
  const short = opts.short === 'none' ? null : await runShort(env, opts, log);
  return { suite, short };
};

/** Encode + decode of an `units`-unit string built by repeating each 1M-unit corpus. */
globalThis.runMemory = async (units) => {
  const bases = await fetchJson('/memory-base.json');
  const rows = [{ step: 'after import', ms: null, wasmMemory: wasmBytes() }];
  let ok = true;
  for (const { name, text } of bases) {
    const label = `${name} ${units / 1048576}Mi`;
    let s = text.repeat(Math.ceil(units / text.length)).slice(0, units);
    s.charCodeAt(units - 1); // flatten before timing
    let t = performance.now();
    let bytes = ours.encode(s);
    rows.push({
      step: `${label}: encode -> ${(bytes.length / 1048576).toFixed(1)} MiB`,
      ms: +(performance.now() - t).toFixed(1),
      wasmMemory: wasmBytes(),
    });
    t = performance.now();
    let back = ours.decode(bytes);
    const ms = +(performance.now() - t).toFixed(1);
    const same = back === s;
    ok &&= same;
    rows.push({ step: `${label}: decode, round trip ${same ? 'exact' : 'DIFFERS'}`, ms, wasmMemory: wasmBytes() });
    s = bytes = back = null;
  }
  return {
    ok,
    note: 'wasm memory read through a bench-only WebAssembly.Instance hook (not exported by the package)',
    rows,
  };
};

globalThis.benchInfo = {
  userAgent: navigator.userAgent,
  crossOriginIsolated: globalThis.crossOriginIsolated,
  wasmMemoryAtImport: wasmBytes(),
  plan: testing.activePlan(),
  detected: testing.runtime,
};
globalThis.benchReady = true;
