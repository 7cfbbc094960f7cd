// Builds a wasm-bindgen crate of this workspace as `wasm-pack build` does, with the two tools it
// runs: `cargo build --lib --target wasm32-unknown-unknown`, then the `wasm-bindgen` CLI (the
// version Cargo.lock has; scripts/setup.sh installs it) for the wanted target. The same commands
// and arguments as wasm-pack 0.15.1's release build (its bindgen.rs and build/mod.rs), so the
// same output; what is left out is wasm-pack itself, which is one more Rust program to compile on
// every new machine (144 s of CPU here, 28 Nov 2026).
//
// Used by scripts/build.mjs (the package's three modules), tests/wasm-bindgen/example.test.mjs
// and benches/js-string.mjs (the example crate, as a user builds it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the cdylib of package `pkg` (its Cargo.toml name) in release and runs wasm-bindgen on it
 * into `outDir` as `outName` for `target` ('bundler', 'web', 'nodejs', 'deno'). `features`: cargo
 * features (a comma-separated string or ''); `env`: extra environment for cargo (RUSTFLAGS,
 * CARGO_PROFILE_*, CARGO_TARGET_DIR). With `packageJson`, writes the package.json wasm-pack writes
 * beside the files, as far as Node reads it: `main`, and `type: "module"` for the `web` and
 * `bundler` targets. `stdio`: what execFileSync takes.
 */
export function wasmBindgenBuild({
  pkg,
  target,
  outDir,
  outName,
  features = '',
  env = {},
  packageJson = false,
  stdio,
}) {
  const environment = { ...process.env, ...env };
  const cargo = ['build', '--quiet', '--lib', '--release', '--locked', '--target', 'wasm32-unknown-unknown', '-p', pkg];
  if (features) cargo.push('--features', features);
  execFileSync('cargo', cargo, { cwd: root, env: environment, stdio });
  const targetDir = environment.CARGO_TARGET_DIR ?? join(root, 'target');
  const wasm = join(targetDir, 'wasm32-unknown-unknown', 'release', `${pkg.replaceAll('-', '_')}.wasm`);
  mkdirSync(outDir, { recursive: true });
  execFileSync('wasm-bindgen', [wasm, '--out-dir', outDir, '--typescript', '--target', target, '--out-name', outName], {
    cwd: root,
    env: environment,
    stdio,
  });
  // wasm-pack writes none for `deno`, and gives the `nodejs` target's no `type`: Node then tells
  // the CommonJS glue from the ES module snippets (js-snippet) by their syntax.
  if (packageJson && target !== 'deno') {
    const manifest = { name: outName, ...(target === 'nodejs' ? {} : { type: 'module' }), main: `${outName}.js` };
    writeFileSync(join(outDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  }
}

/** The name of the package whose Cargo.toml is in `crateDir`. */
export function packageName(crateDir) {
  const name = readFileSync(join(crateDir, 'Cargo.toml'), 'utf8').match(/^name\s*=\s*"([^"]+)"/m)?.[1];
  if (!name) throw new Error(`${crateDir}/Cargo.toml has no package name`);
  return name;
}
