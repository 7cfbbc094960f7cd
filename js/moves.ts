/**
 * The three ways UTF-16 code units move between JS strings and wasm memory, losslessly (lone
 * surrogates included): Node's Buffer (`ucs2Write`/`ucs2Slice`, native copies), the WebAssembly
 * JS String Builtins (js/strings.wat, where the engine has them), and `charCodeAt` /
 * `String.fromCharCode` loops (everywhere). js/routes.ts picks one per runtime; the others stay
 * available to the tests, which run every route that the runtime can take.
 *
 * Never `TextDecoder('utf-16le')`: it replaces lone surrogates.
 *
 * @module
 */
import { stringsBytes } from 'wtf8-wasm:strings';
import { bytesOf } from './instantiate.js';
import { NodeBuffer, type NodeBufferView } from './platform.js';
import { stringOf } from './units.js';

/** How code units move (see the module doc). */
export type MovesRoute = 'buffer' | 'builtins' | 'loops';

/** Code-unit moves over one wasm memory; addresses are byte addresses, 2-byte aligned. */
export interface UnitMoves {
  /** Writes the code units of `text[start..end)` to memory at `at`. */
  write(text: string, start: number, end: number, at: number): void;
  /** The string of the `count` code units in memory at `at`. */
  read(at: number, count: number): string;
}

/**
 * js/strings.wat compiled with `{ builtins: ['js-string'] }`, if this engine has the JS String
 * Builtins (Chromium 130+, Firefox 134+, Node 22+, Deno 2): compiled once, then checked by a
 * round trip of lone surrogates through a scratch memory. `undefined` where compiling or linking
 * fails (no GC types, or no builtins to link the imports to) or the probe gives back anything but
 * what went in.
 */
export const stringBuiltins: WebAssembly.Module | undefined = compileStringBuiltins();

function compileStringBuiltins(): WebAssembly.Module | undefined {
  const compile = WebAssembly.Module as unknown as new (
    bytes: BufferSource,
    options: { builtins: string[] },
  ) => WebAssembly.Module;
  try {
    const module = new compile(bytesOf(stringsBytes), { builtins: ['js-string'] });
    const moves = builtinExports(module, new WebAssembly.Memory({ initial: 1 }));
    const probe = 'a\uDC00\uD83D\uDE00\uD800';
    moves.write(probe, 1, 5, 16);
    return moves.read(16, 4) === probe.slice(1) ? module : undefined;
  } catch {
    return undefined;
  }
}

function builtinExports(module: WebAssembly.Module, memory: WebAssembly.Memory): UnitMoves {
  return new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as UnitMoves;
}

/** The moves this runtime can make over `memory`: `loops` always, the others where they exist. */
export function availableMoves(
  memory: WebAssembly.Memory,
): Partial<Record<MovesRoute, UnitMoves>> & { loops: UnitMoves } {
  const moves: Partial<Record<MovesRoute, UnitMoves>> & { loops: UnitMoves } = { loops: loopMoves(memory) };
  if (NodeBuffer !== undefined) moves.buffer = bufferMoves(memory, NodeBuffer);
  if (stringBuiltins !== undefined) moves.builtins = builtinExports(stringBuiltins, memory);
  return moves;
}

/**
 * Node's lossless copies (`Buffer#ucs2Write`/`ucs2Slice` where the Buffer has them: what
 * `write(…, 'utf16le')` and `toString('utf16le', …)` call after argument checks that alone cost
 * as much as copying 100 units; else the documented calls), over a Buffer view of all of wasm
 * memory that is renewed when the memory grows.
 */
function bufferMoves(memory: WebAssembly.Memory, Buffer: NonNullable<typeof NodeBuffer>): UnitMoves {
  let view: NodeBufferView | undefined;
  const all = () => {
    if (view === undefined || view.buffer !== memory.buffer) view = Buffer.from(memory.buffer);
    return view;
  };
  const fast = typeof Buffer.prototype?.ucs2Write === 'function' && typeof Buffer.prototype.ucs2Slice === 'function';
  return fast
    ? {
        write: (text, start, end, at) => void all().ucs2Write!(text.slice(start, end), at, (end - start) * 2),
        read: (at, count) => all().ucs2Slice!(at, at + count * 2),
      }
    : {
        write: (text, start, end, at) => void all().write(text.slice(start, end), at, (end - start) * 2, 'utf16le'),
        read: (at, count) => all().toString('utf16le', at, at + count * 2),
      };
}

/** `charCodeAt` in, `String.fromCharCode` over bounded chunks out: works in every engine. */
function loopMoves(memory: WebAssembly.Memory): UnitMoves {
  let view = new Uint16Array(memory.buffer);
  const units = () => {
    if (view.buffer !== memory.buffer) view = new Uint16Array(memory.buffer);
    return view;
  };
  return {
    write(text, start, end, at) {
      const out = units();
      let i = at >>> 1;
      for (let j = start; j < end; j++) out[i++] = text.charCodeAt(j);
    },
    read: (at, count) => stringOf(units().subarray(at >>> 1, (at >>> 1) + count)),
  };
}
