// Shared by the boundary tests (Node only): the built package, and the link that lets the recipes
// in examples/boundaries/ import it by name, as a user's code does.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const examplesDir = join(root, 'examples', 'boundaries');

/**
 * Builds pkg/ if it is not there, and links examples/node_modules/wtf8-wasm to it (a symlink, as
 * `npm link` makes; git ignores it), so that `import … from 'wtf8-wasm'` in an example resolves to
 * the built package in Node, Deno and Bun, and every other import of an example (the stores'
 * drivers, the serialisation libraries) to the project's dev dependencies.
 */
export function linkPackage() {
  if (!existsSync(join(root, 'pkg', 'dist', 'wtf8-wasm.mjs')))
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  const modules = join(root, 'examples', 'node_modules');
  const link = join(modules, 'wtf8-wasm');
  const target = join('..', '..', 'pkg');
  mkdirSync(modules, { recursive: true });
  let current = null;
  try {
    current = lstatSync(link).isSymbolicLink() ? readlinkSync(link) : 'not a link';
  } catch {}
  if (current === target) return;
  if (current !== null) rmSync(link, { recursive: true, force: true });
  try {
    symlinkSync(target, link, 'dir');
  } catch (error) {
    // Two test files may link at once: the other one won.
    if (error.code !== 'EEXIST' || readlinkSync(link) !== target) throw error;
  }
}
