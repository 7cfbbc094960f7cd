// The Node oracle for tests/vectors/encodings/generate.py: Buffer's "utf16le" codec and
// TextDecoder's UTF-16 decoders.
//
// Reads one JSON request on stdin and writes one JSON answer on stdout:
//   { "encode_utf16le": [units, ...],           -> Buffer.from(string, "utf16le") as hex
//     "decode_utf16le": [hex, ...],             -> Buffer.from(hex, "hex").toString("utf16le") as units
//     "textdecoder":    [[label, hex], ...],    -> new TextDecoder(label, { ignoreBOM: true }).decode(bytes) as units
//     "textdecoder_extra": [[label, hex], ...] } -> the same, for the documented-disagreement checks
// Units are arrays of integers 0..65535 (JavaScript string code units).
import { Buffer } from 'node:buffer';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const req = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const toUnits = (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
const fromUnits = (units) => {
  let s = '';
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
};

const out = {
  encode_utf16le: (req.encode_utf16le ?? []).map((u) => Buffer.from(fromUnits(u), 'utf16le').toString('hex')),
  decode_utf16le: (req.decode_utf16le ?? []).map((h) => toUnits(Buffer.from(h, 'hex').toString('utf16le'))),
  textdecoder: (req.textdecoder ?? []).map(([label, h]) =>
    toUnits(new TextDecoder(label, { ignoreBOM: true }).decode(Buffer.from(h, 'hex'))),
  ),
  textdecoder_extra: (req.textdecoder_extra ?? []).map(([label, h]) =>
    toUnits(new TextDecoder(label, { ignoreBOM: true }).decode(Buffer.from(h, 'hex'))),
  ),
};
process.stdout.write(JSON.stringify(out));
