// Strings in PostgreSQL without loss: a bytea column of WTF-8 (shown with PGlite, PostgreSQL in
// wasm; any PostgreSQL client that passes Uint8Array as bytea works the same).
//
// A string sent as text loses its lone surrogates (each becomes U+FFFD in the client), and a
// text value cannot hold NUL at all (the server rejects it). A bytea of the string's WTF-8 keeps
// every string, NUL included; bytea compares byte by byte, so it sorts in code point order and an
// equality lookup works by encoding the key. For LIKE, collations or full-text search, keep a text
// copy beside it (`toWellFormed()` with NUL removed: the lossy copy, never read back as the data).
import { PGlite, types } from '@electric-sql/pglite';
import { decode, encode } from 'wtf8-wasm';

/**
 * Opens (or creates) the database in the directory `dataDir` with a `notes` table, and with the
 * bytea conversions below in place of PGlite's own.
 */
export async function open(dataDir) {
  const db = await PGlite.create(dataDir, {
    parsers: { [types.BYTEA]: parseBytea },
    serializers: { [types.BYTEA]: serializeBytea },
  });
  await db.exec('CREATE TABLE IF NOT EXISTS notes (body bytea PRIMARY KEY, search text)');
  return db;
}

/** Stores `text`, losslessly, with its lossy text copy for searching. */
export async function save(db, text) {
  const search = text.toWellFormed().replaceAll('\0', '');
  await db.query('INSERT INTO notes (body, search) VALUES ($1, $2) ON CONFLICT (body) DO NOTHING', [
    encode(text),
    search,
  ]);
}

/** Is `text` stored? (An equality lookup: encode the key.) */
export async function has(db, text) {
  const { rows } = await db.query('SELECT 1 FROM notes WHERE body = $1', [encode(text)]);
  return rows.length > 0;
}

/** Every stored string, in code point order (the order of their WTF-8 bytes). */
export async function all(db) {
  const { rows } = await db.query('SELECT body FROM notes ORDER BY body');
  return rows.map((row) => decode(row.body));
}

/** The stored strings whose lossy copy contains `word` (LIKE works on the text copy only). */
export async function search(db, word) {
  const { rows } = await db.query("SELECT body FROM notes WHERE search LIKE '%' || $1 || '%' ORDER BY body", [word]);
  return rows.map((row) => decode(row.body));
}

/**
 * The values that keep `text` in a `text` column and a `bytea` column beside it, one of them NULL:
 * the string itself where PostgreSQL's text keeps it (well-formed, and without NUL, which the
 * server refuses), else the bytea of its WTF-8. For tables read back many rows at a time: the
 * client decodes text values itself, so reading such rows costs about what reading text does,
 * where a bytea for every row can cost half as much again (`node benches/rows.mjs --store
 * pglite`). What it gives up: `ORDER BY` and lookups must look at both columns.
 */
export function toColumns(text) {
  return text.isWellFormed() && !text.includes('\0') ? [text, null] : [null, encode(text)];
}

/** The string of the two values that {@link toColumns} made. */
export function fromColumns(text, bytes) {
  return text ?? decode(bytes);
}

// PGlite passes bytea as text (`\x` and two hex digits a byte), and its own conversions call
// `parseInt` and `toString(16)` for each byte: reading back 10,000 short rows as bytea took 4-5
// times as long as reading them as text, nearly all of it there (benches/rows.mjs).
const HEX_VALUE = new Uint8Array(128);
for (let d = 0; d < 16; d++)
  HEX_VALUE['0123456789abcdef'.charCodeAt(d)] = HEX_VALUE['0123456789ABCDEF'.charCodeAt(d)] = d;
const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A bytea value as PGlite hands it over (`\x` and hex digits) to its bytes. */
export function parseBytea(text) {
  const bytes = new Uint8Array((text.length - 2) >>> 1);
  for (let i = 0, at = 2; i < bytes.length; i++, at += 2)
    bytes[i] = (HEX_VALUE[text.charCodeAt(at)] << 4) | HEX_VALUE[text.charCodeAt(at + 1)];
  return bytes;
}

/** Bytes as a bytea parameter's text (`\x` and hex digits). */
export function serializeBytea(bytes) {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('a bytea parameter must be a Uint8Array');
  let text = '\\x';
  for (let i = 0; i < bytes.length; i++) text += HEX_DIGITS[bytes[i]];
  return text;
}
