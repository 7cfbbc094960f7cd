// What the npm package publishes: every file a user needs, and the pattern no published file may
// fall outside. Checked twice, on the two ways npm selects the files of pkg/: the publish dry run
// (tests/js/package.test.mjs) and the packed tarball a consumer installs (tests/consumer/node.test.mjs).
export const REQUIRED_FILES = [
  'package.json',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
  'dist/wtf8-wasm.mjs',
  'dist/wtf8-wasm.cjs',
  'dist/wtf8-wasm.node.mjs',
  'dist/wtf8-wasm.node.cjs',
  'dist/wtf8-wasm.deno.mjs',
  'dist/wtf8-wasm.bun.mjs',
  'dist/wtf8-wasm.bun.cjs',
  'dist/types/index.d.ts',
  'dist/types-cjs/index.d.ts',
  'dist/types-cjs/package.json',
  'dist/encodings.mjs',
  'dist/encodings.cjs',
  'dist/types/encodings/index.d.ts',
  'dist/types-cjs/encodings/index.d.ts',
  'dist/inspect.mjs',
  'dist/inspect.cjs',
  'dist/types/inspect/index.d.ts',
  'dist/types-cjs/inspect/index.d.ts',
];

/** Any published file: the manifest and docs, the three entries in both formats, their declarations. */
export const PUBLISHED_FILE =
  /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/(wtf8-wasm(\.node|\.bun)?|encodings|inspect)\.(mjs|cjs)|dist\/wtf8-wasm\.deno\.mjs|dist\/types(-cjs)?\/((encodings|inspect)\/)?[a-z0-9-]+\.d\.ts|dist\/types-cjs\/package\.json)$/;
