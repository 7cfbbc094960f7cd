// Shared by the boundary tests (Node only): the built package, and the link that lets the recipes
// in examples/boundaries/ import it by name, as a user's code does.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BETTER_SQLITE3 } from '../../scripts/runtimes.mjs';

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
  link(join('..', '..', 'pkg'), 'wtf8-wasm');
}

/**
 * Links better-sqlite3, built once per machine outside the project (scripts/runtimes.mjs), where
 * the examples find it; returns false (and links nothing) if it is not built.
 */
export function linkBetterSqlite3() {
  if (!existsSync(join(BETTER_SQLITE3, 'build', 'Release', 'better_sqlite3.node'))) return false;
  link(BETTER_SQLITE3, 'better-sqlite3');
  return true;
}

/** Makes examples/node_modules/`name` a symlink to `target`, unless it already is one. */
function link(target, name) {
  const modules = join(root, 'examples', 'node_modules');
  const path = join(modules, name);
  mkdirSync(modules, { recursive: true });
  let current = null;
  try {
    current = lstatSync(path).isSymbolicLink() ? readlinkSync(path) : 'not a link';
  } catch {}
  if (current === target) return;
  if (current !== null) rmSync(path, { recursive: true, force: true });
  try {
    symlinkSync(target, path, 'dir');
  } catch (error) {
    // Two test files may link at once: the other one won.
    if (error.code !== 'EEXIST' || readlinkSync(path) !== target) throw error;
  }
}
