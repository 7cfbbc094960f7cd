/**
 * How a plan works. js/routes.ts holds the plans (one per runtime, chosen once at import); this
 * file holds what they are made of and how one is put to use.
 *
 * A **plan** says, for encode and for decode, a few **bands** of input length, and for each band
 * an ordered list of **steps** (js/encode-steps.ts, js/decode-steps.ts): each step serves the input
 * with exactly the core's result or passes it on (`undefined`), and the last serves everything
 * (wasm, or the JavaScript loop). It also says how code units move in and out of wasm (js/moves.ts)
 * and how to ask whether bytes are UTF-8. {@link bindPlan} turns a plan into three plain
 * functions once, with every band limit and step argument fixed: a call reads no setting, it only
 * walks its band's steps.
 *
 * @module
 */
import { handMoves, useMoves } from './wasm.js';
import { canMove, movesFor, type MovesKind } from './moves.js';

/**
 * What every step carries: how a plan row spells it (`what`, and `args` when it is made by a call:
 * `nativeIfUtf8(utf8Slice)`), which the test entry turns into words for reports and for the rows
 * that `npm run bench -- --plans` prints; and the longest input it takes.
 */
export interface Labelled {
  readonly what: string | false;
  readonly args?: readonly unknown[] | undefined;
  readonly maxLength: number;
}

declare global {
  /**
   * Whether steps carry their names (`what`): `true` in the test entry, whose reports and bench
   * rows print them, and `false` in the published entries, where `STEP_NAMES && 'name'` leaves
   * the names out of the bundle (162 B gzip of the main entry). scripts/build.mjs defines it.
   */
  const STEP_NAMES: boolean;
}

/** `fn` as a step named `what` (see `STEP_NAMES`), made with `args`, for input up to `maxLength` (no row puts it in a longer band: tests/js/routes.test.mjs checks). */
export function step<F extends object>(
  what: string | false,
  fn: F,
  args?: readonly unknown[],
  maxLength = Infinity,
): F & Labelled {
  return Object.assign(fn, { what, args, maxLength });
}

/** A limit that grows with the input: at most `few(length)` surrogates are worth serving around. */
export type Few = ((length: number) => number) & Labelled;

/**
 * At most `base`, plus `per64Ki` for every 65,536 code units or bytes of input (rounded down): the
 * density of lone surrogates up to which working around them beats handing the input to wasm.
 */
export function few(base: number, per64Ki: number): Few {
  return step(STEP_NAMES && 'few', (length: number) => base + ((per64Ki * length) >>> 16), [base, per64Ki]);
}

/** A band: input up to `upTo` code units or bytes goes through `steps` in order, then to `end`. */
export interface Band<Step, End> {
  readonly upTo: number;
  readonly steps: readonly Step[];
  readonly end: End;
}

/**
 * The band of input up to `limit` units or bytes (`Infinity` for the last), served by `steps` in
 * order; the last one serves everything. A step that is `undefined` (one that needs what this
 * runtime lacks) is left out.
 */
export function upTo<Step extends Labelled, End extends Labelled>(
  limit: number,
  ...steps: [...(Step | undefined)[], End]
): Band<Step, End> {
  // Plain loops here and in bindBands: JavaScriptCore compiles `filter`, `map` and `find` (written
  // in JavaScript) on first use, 0.1–0.2 ms each of Bun's first call (27 Nov 2026).
  const rest: Step[] = [];
  for (let i = 0; i < steps.length - 1; i++) if (steps[i] !== undefined) rest.push(steps[i] as Step);
  return { upTo: limit, steps: rest, end: steps[steps.length - 1] as End };
}

/** A plan (js/routes.ts): what each band of each call does on one runtime. */
export interface Plan<EncodeStep, EncodeEnd, DecodeStep, DecodeEnd, Utf8Check> {
  /** The row's name (`usePlan(name)` in tests and benches). */
  readonly name: string;
  /** How code units move between strings and wasm memory; where it is missing, the next of buffer, builtins, loops. */
  readonly moves: MovesKind;
  readonly encode: readonly Band<EncodeStep, EncodeEnd>[];
  readonly decode: readonly Band<DecodeStep, DecodeEnd>[];
  /** How `checkWtf8`, `isWtf8`, `checkUtf8` and `wtf8ToUtf8` ask whether bytes are UTF-8 (wasm validates the rest). */
  readonly utf8: Utf8Check;
}

/** A plan put to use: plain functions, every limit fixed. */
export interface BoundPlan<Input, Output> {
  readonly name: string;
  readonly encode: (input: string) => Output;
  readonly decode: (bytes: Input, fatal: boolean) => string;
  readonly isUtf8: (bytes: Input) => boolean;
}

type Serve<X, R> = ((x: X, fatal: boolean) => R) & Partial<Labelled>;

/**
 * Puts `plan` to use: has its moves made over wasm memory when the module exists (where they cannot
 * be, Buffer's, else the builtins', else the loops: js/moves.ts), and turns its bands into one
 * function per call. The plan must be well made (bands rising to `Infinity`, no
 * step in a band longer than it takes): tests/js/routes.test.mjs holds every row to that.
 */
export function bindPlan<
  Output,
  ES extends Serve<string, Output | undefined>,
  EE extends Serve<string, Output>,
  DS extends Serve<Uint8Array, string | undefined>,
  DE extends Serve<Uint8Array, string>,
  U extends (bytes: Uint8Array) => boolean,
>(plan: Plan<ES, EE, DS, DE, U>): BoundPlan<Uint8Array, Output> {
  const kind = canMove(plan.moves) ? plan.moves : canMove('buffer') ? 'buffer' : 'builtins';
  useMoves((memory) => movesFor(kind, memory, handMoves));
  return {
    name: plan.name,
    encode: bindBands(plan.encode) as (input: string) => Output,
    decode: bindBands(plan.decode),
    isUtf8: plan.utf8,
  };
}

/**
 * One function over `bands`: the band whose limit the input's length is within, then its steps in
 * order. Written out for up to five bands of up to three steps (a plan may have no more): a loop over
 * bands and steps cost 12–27 ns more per short decode on Node 26; all bands' steps written into
 * one function, about 35 more instructions per 100-byte decode on Bun (callgrind); code of its own
 * per band position, 10–20 ns more per short encode on Bun (26 Nov 2026).
 */
function bindBands<X extends { readonly length: number }, R>(
  bands: readonly Band<Serve<X, R | undefined>, Serve<X, R>>[],
): (x: X, fatal: boolean) => R {
  const serves: Serve<X, R>[] = [];
  const limits: number[] = [];
  for (let i = 0; i < bands.length; i++) {
    serves.push(chain(bands[i]!.steps, bands[i]!.end));
    limits.push(bands[i]!.upTo);
  }
  const [l0, l1, l2, l3] = limits as [number, number, number, number];
  const [s0, s1, s2, s3, s4] = serves as [Serve<X, R>, Serve<X, R>, Serve<X, R>, Serve<X, R>, Serve<X, R>];
  switch (serves.length) {
    case 1:
      return s0;
    case 2:
      return (x, f) => (x.length <= l0 ? s0(x, f) : s1(x, f));
    case 3:
      return (x, f) => (x.length <= l0 ? s0(x, f) : x.length <= l1 ? s1(x, f) : s2(x, f));
    case 4:
      return (x, f) => (x.length <= l0 ? s0(x, f) : x.length <= l1 ? s1(x, f) : x.length <= l2 ? s2(x, f) : s3(x, f));
    case 5:
      return (x, f) =>
        x.length <= l0
          ? s0(x, f)
          : x.length <= l1
            ? s1(x, f)
            : x.length <= l2
              ? s2(x, f)
              : x.length <= l3
                ? s3(x, f)
                : s4(x, f);
    default:
      throw new RangeError('bands > 5');
  }
}

/** One band's steps as one function: each step in order until one serves, else `end`. */
function chain<X, R>(steps: readonly Serve<X, R | undefined>[], end: Serve<X, R>): Serve<X, R> {
  const [a, b, c] = steps as [Serve<X, R | undefined>, Serve<X, R | undefined>, Serve<X, R | undefined>];
  switch (steps.length) {
    case 0:
      return end;
    case 1:
      return (x, f) => a(x, f) ?? end(x, f);
    case 2:
      return (x, f) => a(x, f) ?? b(x, f) ?? end(x, f);
    case 3:
      return (x, f) => a(x, f) ?? b(x, f) ?? c(x, f) ?? end(x, f);
    default:
      throw new RangeError('steps > 3');
  }
}
