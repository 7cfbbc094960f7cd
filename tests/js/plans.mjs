// The plans of js/routes.ts in words, for the tests and benches: each step as the route table
// spells it (`nativeIfUtf8(utf8Slice)`, `few(8, 32)`), from what js/plan.ts's `step` records on it
// (`what`, `args`). Plain ES: it runs in every runtime of the matrix.

/** How a row spells a step or an argument of one: `nativeIfUtf8(utf8Slice)`, `few(8, 32)`, `'typed'`. */
export function labelOf(api, part) {
  if (typeof part === 'string') return `'${part}'`;
  const known = typeof part === 'function' && 'what' in part ? part : undefined;
  if (known)
    return known.args === undefined
      ? known.what
      : `${known.what}(${known.args.map((arg) => labelOf(api, arg)).join(', ')})`;
  if (typeof part === 'object' && part !== null)
    return `{ ${Object.entries(part)
      .map(([key, value]) => `${key}: ${labelOf(api, value)}`)
      .join(', ')} }`;
  return String(part);
}

/**
 * The plan named `name` as built on this runtime (`api`: the test entry), in words: its name, its
 * moves, and each band's limit and steps (`{ upTo, steps: ['nativeEncode()', 'wasmEncode'] }`).
 */
export function describePlan(api, name) {
  const built = api.buildPlan(name);
  const label = (part) => labelOf(api, part);
  const bands = (list) => list.map((band) => ({ upTo: band.upTo, steps: [...band.steps, band.end].map(label) }));
  return {
    name: built.name,
    moves: built.moves,
    encode: bands(built.encode),
    decode: bands(built.decode),
    utf8: label(built.utf8),
  };
}
