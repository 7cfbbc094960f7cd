// The js-snippet feature's snippet (src/js/snippet.rs) carries the npm package's js/strings.wat,
// assembled, as base64 (STRINGS_WASM), for the engines with the JS String Builtins: the module
// has one source, and this holds the copy to it. Run by scripts/test.sh with the wasm-bindgen
// users' tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import binaryen from 'binaryen';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

test("the snippet's STRINGS_WASM is js/strings.wat, assembled as scripts/build.mjs assembles it", () => {
  const snippet = readFileSync(join(root, 'src', 'js', 'snippet.rs'), 'utf8');
  const found = /const STRINGS_WASM =\s*'([A-Za-z0-9+/=]+)';/.exec(snippet);
  assert.ok(found, 'src/js/snippet.rs has no STRINGS_WASM literal');
  const module = binaryen.parseText(readFileSync(join(root, 'js', 'strings.wat'), 'utf8'));
  try {
    module.setFeatures(binaryen.Features.ReferenceTypes | binaryen.Features.GC);
    assert.ok(module.validate(), 'js/strings.wat does not validate');
    const want = Buffer.from(module.emitBinary()).toString('base64');
    assert.equal(
      found[1],
      want,
      'src/js/snippet.rs STRINGS_WASM is not js/strings.wat: paste the base64 of the assembled module',
    );
  } finally {
    module.dispose();
  }
});
