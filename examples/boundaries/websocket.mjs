// Strings over WebSocket without loss: send the string's WTF-8 in a binary frame.
//
// `socket.send(text)` sends a text frame, which the protocol requires to be UTF-8: each lone
// surrogate becomes U+FFFD (and a receiver must close the connection on a text frame that is not
// UTF-8). A binary frame carries any bytes.
import { decode, encode } from 'wtf8-wasm';

/** Sends `text` in a binary frame (any WebSocket: the standard one, `ws`, Deno's, Bun's). */
export function sendText(socket, text) {
  socket.send(encode(text));
}

/**
 * The string in a binary frame's data: an ArrayBuffer (a standard WebSocket with
 * `binaryType = 'arraybuffer'`), a Uint8Array or Buffer (`ws`, Bun's server).
 */
export function textOf(data) {
  return decode(data);
}
