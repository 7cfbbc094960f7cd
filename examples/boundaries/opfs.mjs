// Strings in the origin private file system (OPFS) without loss: write the string's WTF-8.
//
// A writable file stream given a string writes it as UTF-8, each lone surrogate as U+FFFD, and
// `file.text()` reads UTF-8. Bytes are written as they are: write `encode(text)`, read
// `arrayBuffer()` and decode. (In a worker, a sync access handle takes the same bytes:
// `handle.write(encode(text))`.)
import { decode, encode } from 'wtf8-wasm';

/**
 * Writes `text` to the file `name` in `directory` (a FileSystemDirectoryHandle, such as
 * `await navigator.storage.getDirectory()`), replacing what the file held.
 */
export async function writeText(directory, name, text) {
  const file = await directory.getFileHandle(name, { create: true });
  const writable = await file.createWritable();
  try {
    await writable.write(encode(text));
  } catch (error) {
    await writable.abort();
    throw error;
  }
  await writable.close();
}

/** The string in the file `name` of `directory`. */
export async function readText(directory, name) {
  const file = await directory.getFileHandle(name);
  return decode(await (await file.getFile()).arrayBuffer());
}
