/**
 * The three ways UTF-16 code units move between JS strings and wasm memory, losslessly (lone
 * surrogates included): Node's Buffer (`ucs2Write`/`ucs2Slice`, native copies), the WebAssembly
 * JS String Builtins (js/strings.wat, where the engine has them), and `charCodeAt` /
 * `String.fromCharCode` loops (everywhere). The plan of js/routes.ts names one per runtime;
 * js/plan.ts has it made over wasm memory and handed to js/wasm.ts once.
 *
 * Never `TextDecoder('utf-16le')`: it replaces lone surrogates.
 *
 * @module
 */
import { stringsBytes } from 'wtf8-wasm:strings';
import { bytesOf, viewOf } from './instantiate.js';
import { nodeParts, type NodeBufferView, type NodeParts } from './platform.js';
import { stringOf } from './units.js';

/** How code units move (see the module doc). */
export type MovesKind = 'buffer' | 'builtins' | 'loops';

/** Code-unit moves over one wasm memory; addresses are byte addresses, 2-byte aligned. */
export interface UnitMoves {
  /** Writes the code units of `text[start..end)` to memory at `at`. */
  write(text: string, start: number, end: number, at: number): void;
  /** The string of the `count` code units in memory at `at`. */
  read(at: number, count: number): string;
}

/** Moves and what they are. */
export interface Moves {
  readonly kind: MovesKind;
  readonly moves: UnitMoves;
}

/** Can this runtime move code units the `kind` way? (The builtins always can: see {@link movesFor}.) */
export function canMove(kind: MovesKind): boolean {
  return kind !== 'buffer' || nodeParts().Buffer !== undefined;
}

/**
 * Makes the moves of `kind` over `memory` and hands them to `hand` (js/wasm.ts's, when it first
 * compiles its module). The JS String Builtins' module is compiled then too, and where it does not
 * compile (no builtins, no GC types) {@link plainMoves} are handed over instead.
 */
export function movesFor(kind: MovesKind, memory: WebAssembly.Memory, hand: (made: Moves) => void): void {
  if (kind === 'builtins') {
    // Files whose rows never move code units through the builtins leave them out (`ROWS`).
    const module = ROWS.builtins ? stringBuiltins() : undefined;
    hand(module === undefined ? plainMoves(memory) : { kind, moves: builtinExports(module, memory) });
  } else hand({ kind, moves: kind === 'buffer' ? bufferMoves(memory, nodeParts().Buffer!) : loopMoves(memory) });
}

/** The moves that need nothing compiled: Buffer's where there is one, else the loops. */
function plainMoves(memory: WebAssembly.Memory): Moves {
  const Buffer = nodeParts().Buffer;
  return Buffer === undefined
    ? { kind: 'loops', moves: loopMoves(memory) }
    : { kind: 'buffer', moves: bufferMoves(memory, Buffer) };
}

/** `null`: not compiled yet; `undefined`: this engine has no JS String Builtins (or they failed the probe). */
let builtins: WebAssembly.Module | undefined | null = null;

/**
 * js/strings.wat compiled with `{ builtins: ['js-string'] }`, if this engine has the JS String
 * Builtins (Chromium 130+, Firefox 134+, Node 22+, Deno 2): compiled once, then checked by
 * a round trip of lone surrogates through a scratch memory. `undefined` where compiling or linking
 * fails (no GC types, or no builtins to link the imports to) or the probe gives back anything but
 * what went in.
 */
export function stringBuiltins(): WebAssembly.Module | undefined {
  if (builtins === null) builtins = compileStringBuiltins();
  return builtins;
}

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

/**
 * Node's lossless copies (`Buffer#ucs2Write`/`ucs2Slice` where the Buffer has them: what
 * `write(…, 'utf16le')` and `toString('utf16le', …)` call after argument checks that alone cost
 * as much as copying 100 units; else the documented calls), over a Buffer view of all of wasm
 * memory that is renewed when the memory grows.
 */
function bufferMoves(memory: WebAssembly.Memory, Buffer: NonNullable<NodeParts['Buffer']>): UnitMoves {
  const all = viewOf<NodeBufferView>(memory, (buffer) => Buffer.from(buffer));
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
  const units = viewOf(memory, (buffer) => new Uint16Array(buffer));
  return {
    write(text, start, end, at) {
      const out = units();
      let i = at >>> 1;
      for (let j = start; j < end; j++) out[i++] = text.charCodeAt(j);
    },
    read: (at, count) => stringOf(units().subarray(at >>> 1, (at >>> 1) + count)),
  };
}
