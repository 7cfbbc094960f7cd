// What the browsers' stores do to a plain string, pinned per kind of case (cases.mjs), as measured
// on Debian's Chromium and Firefox ESR and on WebKitGTK (Safari's engine) by browsers.test.mjs,
// which fails when a browser changes. The stores that persist are read back after a restart of the
// browser on the same profile; in WebKit, whose automation sessions are always ephemeral (no
// profile survives a new session), in a second page of the same session instead. sessionStorage is
// read after a reload.
//
// Each row: `part`; `where`; `runtimes`, per browser what `byKind` returns for the plain string
// (every kind `unavailable` where the browser does not have the part: WebKitGTK has no
// `navigator.storage`, so no OPFS); `recipe`, what to store instead (null where the plain string is
// kept and nothing else calls for a recipe), and `example`, the module of examples/boundaries/ that
// does it.

const KEPT = { lone: 'kept', 'lone, long': 'kept', 'well-formed': 'kept', NUL: 'kept', empty: 'kept' };
const REPLACED = { lone: 'replaced', 'lone, long': 'replaced', 'well-formed': 'kept', NUL: 'kept', empty: 'kept' };
const UNAVAILABLE = {
  lone: 'unavailable',
  'lone, long': 'unavailable',
  'well-formed': 'unavailable',
  NUL: 'unavailable',
  empty: 'unavailable',
};

const all = (summary) => ({ chromium: summary, firefox: summary, webkit: summary });

export const BROWSER_FACTS = [
  { part: 'IndexedDB values', where: 'browsers', runtimes: all(KEPT), recipe: null, example: null },
  {
    part: 'IndexedDB keys',
    where: 'browsers',
    runtimes: all(KEPT),
    // String keys keep every string but sort by UTF-16 code units; the recipe is for the order.
    recipe: 'binary keys of `encode(s)`, for code point order',
    example: 'examples/boundaries/indexeddb.mjs',
  },
  { part: 'localStorage', where: 'browsers', runtimes: all(KEPT), recipe: null, example: null },
  { part: 'sessionStorage', where: 'browsers', runtimes: all(KEPT), recipe: null, example: null },
  {
    part: 'Cache API',
    where: 'browsers',
    runtimes: all(REPLACED),
    recipe: 'the body `encode(s)`',
    example: 'examples/boundaries/cache-api.mjs',
  },
  {
    part: 'OPFS',
    where: 'browsers',
    runtimes: { chromium: REPLACED, firefox: REPLACED, webkit: UNAVAILABLE },
    recipe: 'a file of `encode(s)`',
    example: 'examples/boundaries/opfs.mjs',
  },
  {
    part: 'structuredClone, postMessage to a Worker',
    where: 'browsers',
    runtimes: all(KEPT),
    recipe: null,
    example: null,
  },
];
