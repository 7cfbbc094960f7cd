// SQLite with better-sqlite3: the recipe of sqlite.mjs, and how to recover strings already stored
// as TEXT.
//
// better-sqlite3 binds a string to TEXT as WTF-8: the file keeps lone surrogates, but reading the
// value as TEXT gives three U+FFFD for each (one per byte). A BLOB of `encode(text)` keeps every
// string; and a TEXT value written by better-sqlite3 can be read back whole as its bytes:
// `CAST(column AS BLOB)`, then `decode`.
import Database from 'better-sqlite3';
import { decode } from 'wtf8-wasm';
import { createNotes } from './sqlite.mjs';

export { all, fromValue, has, save, search, toValue } from './sqlite.mjs';

/** Opens (or creates) the database at `path`, with the `notes` table of sqlite.mjs. */
export function open(path) {
  const db = new Database(path);
  createNotes(db);
  return db;
}

/**
 * The strings of a TEXT column that better-sqlite3 wrote, lone surrogates included (`table` and
 * `column` are SQL identifiers, not values: never from user input).
 */
export function readTextColumn(db, table, column) {
  return db
    .prepare(`SELECT CAST(${column} AS BLOB) AS bytes FROM ${table}`)
    .all()
    .map((row) => decode(row.bytes));
}
