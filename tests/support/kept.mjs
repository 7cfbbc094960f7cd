// A directory that the test command makes once and keeps between runs in the system's temporary
// directory (a set-up Firefox profile, an empty PGlite cluster): what a run would otherwise rebuild
// each time. Named for what it was made from, so that a new version makes a new one.
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The path of the kept directory `name`, made first if it is not there by `make(dir)` (async) in a
 * new directory that is then renamed into place whole: a directory cut short by a crash is never
 * used. Test files run two at a time: when both make it, the first rename wins (a rename onto a
 * directory with files fails) and the other's copy is removed.
 */
export async function kept(name, make) {
  const path = join(tmpdir(), name);
  if (existsSync(path)) return path;
  const work = mkdtempSync(join(tmpdir(), `${name}-new-`));
  try {
    await make(work);
    renameSync(work, path);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(path)) throw error;
  }
  return path;
}
