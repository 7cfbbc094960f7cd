// SQLite with node:sqlite (Node 22.13+, Deno 2.2+): the recipe of sqlite.mjs.
//
// node:sqlite binds a string to TEXT with each lone surrogate as U+FFFD, and Node 22 and Deno read
// a TEXT value back only up to its first NUL; a BLOB of `encode(text)` keeps every string.
import { DatabaseSync } from 'node:sqlite';
import { createNotes } from './sqlite.mjs';

export { all, fromValue, has, save, search, toValue } from './sqlite.mjs';

/** Opens (or creates) the database at `path`, with the `notes` table of sqlite.mjs. */
export function open(path) {
  const db = new DatabaseSync(path);
  createNotes(db);
  return db;
}
