// Strings over HTTP without loss: send the string's WTF-8 as the body, decode the bytes received.
//
// `fetch(url, { body: text })`, `new Response(text)` and node:http's `response.end(text)` all
// encode a string body as UTF-8, each lone surrogate as U+FFFD. Bytes are sent as they are. Both
// ends must agree that the body is WTF-8: say so in the content type.
import { decode, encode } from 'wtf8-wasm';

/** The content type of a WTF-8 body (a private one: WTF-8 is for systems that agree on it). */
export const CONTENT_TYPE = 'application/x-wtf-8';

/** Client: POSTs `text` to `url` and returns the string the server answers with. */
export async function post(url, text) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': CONTENT_TYPE }, body: encode(text) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return decode(await response.arrayBuffer());
}

/** Server (node:http, in Node, Deno and Bun): the request's body as a string. */
export async function readText(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return decode(Buffer.concat(chunks));
}

/** Server (node:http): answers with `text`. */
export function sendText(response, text) {
  response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(encode(text));
}
