// Strings in SQLite without loss, with bun:sqlite (Bun).
//
// A string bound to a TEXT column loses its lone surrogates (each becomes U+FFFD). A BLOB of the
// string's WTF-8 keeps every string; a BLOB compares byte by byte, so it sorts in code point order
// and an equality lookup works by encoding the key. For LIKE, case folding or full-text search,
// keep a TEXT copy beside it (`toWellFormed()`: the lossy copy, never read back as the data).
import { Database } from 'bun:sqlite';
import { decode, encode } from 'wtf8-wasm';

/** Opens (or creates) the database at `path` with a `notes` table. */
export function open(path) {
  const db = new Database(path);
  db.run('CREATE TABLE IF NOT EXISTS notes (body BLOB PRIMARY KEY, search TEXT)');
  return db;
}

/** Stores `text`, losslessly, with its lossy TEXT copy for searching. */
export function save(db, text) {
  db.query('INSERT OR REPLACE INTO notes (body, search) VALUES (?, ?)').run(encode(text), text.toWellFormed());
}

/** Is `text` stored? (An equality lookup: encode the key.) */
export function has(db, text) {
  return db.query('SELECT 1 FROM notes WHERE body = ?').get(encode(text)) !== null;
}

/** Every stored string, in code point order (the order of their WTF-8 bytes). */
export function all(db) {
  return db
    .query('SELECT body FROM notes ORDER BY body')
    .all()
    .map((row) => decode(row.body));
}

/** The stored strings whose lossy copy contains `word` (LIKE works on the TEXT copy only). */
export function search(db, word) {
  return db
    .query("SELECT body FROM notes WHERE search LIKE '%' || ? || '%' ORDER BY body")
    .all(word)
    .map((row) => decode(row.body));
}
