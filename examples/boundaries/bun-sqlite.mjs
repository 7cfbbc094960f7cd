// SQLite with bun:sqlite (Bun): the recipe of sqlite.mjs.
//
// bun:sqlite binds a string to TEXT with each lone surrogate as U+FFFD; a BLOB of `encode(text)`
// keeps every string.
import { Database } from 'bun:sqlite';
import { createNotes } from './sqlite.mjs';

export { all, fromValue, has, save, search, toValue } from './sqlite.mjs';

/** Opens (or creates) the database at `path`, with the `notes` table of sqlite.mjs. */
export function open(path) {
  const db = new Database(path);
  createNotes(db);
  return db;
}
