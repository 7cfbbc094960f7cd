// The reason the package exists: the platform's own paths to bytes lose lone surrogates; ours do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wtf8 } from './support.mjs';

const { encode, decode } = wtf8;
const text = 'emoji cut in half: \uD83D, reversed pair: \uDE00\uD83D, whole: \uD83D\uDE00';

test('fs.writeFileSync/readFileSync: a string loses its lone surrogates, encode() keeps them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtf8-'));
  try {
    const file = join(dir, 'data');
    writeFileSync(file, text);
    assert.notEqual(readFileSync(file, 'utf8'), text, 'the platform path is lossy');
    assert.ok(readFileSync(file, 'utf8').includes('\uFFFD'));
    writeFileSync(file, encode(text));
    assert.equal(decode(readFileSync(file)), text, 'WTF-8 survives the file system');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('new Blob([...]).arrayBuffer(): a string is lossy, WTF-8 bytes survive', async () => {
  assert.notEqual(decode(await new Blob([text]).arrayBuffer()), text);
  assert.equal(decode(await new Blob([encode(text)]).arrayBuffer()), text);
});

test('new Response(...).arrayBuffer(): a string body is lossy, WTF-8 bytes survive', async () => {
  assert.notEqual(await new Response(text).text(), text);
  assert.equal(decode(await new Response(encode(text)).arrayBuffer()), text);
});
