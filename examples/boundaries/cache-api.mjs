// Strings in the Cache API without loss: cache the string's WTF-8 as the body.
//
// `cache.put(url, new Response(text))` stores a string body as UTF-8, each lone surrogate as
// U+FFFD, and `response.text()` reads UTF-8. A body of bytes is stored as it is: cache
// `encode(text)`, read `arrayBuffer()` and decode.
import { decode, encode } from 'wtf8-wasm';
import { CONTENT_TYPE } from './http.mjs';

/** Caches `text` under `request` (a URL or a Request) in `cache` (from `caches.open`). */
export async function putText(cache, request, text) {
  await cache.put(request, new Response(encode(text), { headers: { 'content-type': CONTENT_TYPE } }));
}

/** The string cached under `request` in `cache`, or `undefined` if nothing is. */
export async function matchText(cache, request) {
  const response = await cache.match(request);
  return response === undefined ? undefined : decode(await response.arrayBuffer());
}
