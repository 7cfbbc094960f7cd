// Strings in SQLite without loss, with node:sqlite (Node 22.13+, Deno 2.2+).
//
// A string bound to a TEXT column loses its lone surrogates (each becomes U+FFFD), and Node 22
// and Deno read a TEXT value back only up to its first NUL. A BLOB of the string's WTF-8 keeps
// every string; a BLOB compares byte by byte, so it sorts in code point order and an equality
// lookup works by encoding the key. For LIKE, case folding or full-text search, keep a TEXT copy
// beside it (`toWellFormed()`: the lossy copy, indexed, never read back as the data).
import { DatabaseSync } from 'node:sqlite';
import { decode, encode } from 'wtf8-wasm';

/** Opens (or creates) the database at `path` with a `notes` table. */
export function open(path) {
  const db = new DatabaseSync(path);
  db.exec('CREATE TABLE IF NOT EXISTS notes (body BLOB PRIMARY KEY, search TEXT)');
  return db;
}

/** Stores `text`, losslessly, with its lossy TEXT copy for searching. */
export function save(db, text) {
  db.prepare('INSERT OR REPLACE INTO notes (body, search) VALUES (?, ?)').run(encode(text), text.toWellFormed());
}

/** Is `text` stored? (An equality lookup: encode the key.) */
export function has(db, text) {
  return db.prepare('SELECT 1 FROM notes WHERE body = ?').get(encode(text)) !== undefined;
}

/** Every stored string, in code point order (the order of their WTF-8 bytes). */
export function all(db) {
  return db
    .prepare('SELECT body FROM notes ORDER BY body')
    .all()
    .map((row) => decode(row.body));
}

/** The stored strings whose lossy copy contains `word` (LIKE works on the TEXT copy only). */
export function search(db, word) {
  return db
    .prepare("SELECT body FROM notes WHERE search LIKE '%' || ? || '%' ORDER BY body")
    .all(word)
    .map((row) => decode(row.body));
}
