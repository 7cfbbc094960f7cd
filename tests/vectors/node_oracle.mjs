// Platform oracle for tests/vectors/generate.py. Not the project's code: only Node built-ins.
//
// stdin:  {"encode": [[unit, ...], ...], "decode": ["hex", ...]}
// stdout: {"encode": [{"textEncoder": hex, "buffer": hex, "isWellFormed": bool,
//                      "firstLoneSurrogate": int|null}, ...],
//          "decode": [{"units": [int, ...], "fatalOk": bool}, ...]}
//
// encode: new TextEncoder().encode(s) and Buffer.from(s, 'utf8') of the string made of the units;
//         isWellFormed from String.prototype.isWellFormed; firstLoneSurrogate = first index where
//         s and s.toWellFormed() differ.
// decode: new TextDecoder('utf-8', {ignoreBOM: true}).decode(bytes) as UTF-16 code units, and
//         whether new TextDecoder('utf-8', {fatal: true, ignoreBOM: true}) accepts the bytes.

import { Buffer } from 'node:buffer';

function readStdin() {
  return new Promise((resolve, reject) => {
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

function stringFromUnits(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 4096) {
    s += String.fromCharCode.apply(null, units.slice(i, i + 4096));
  }
  return s;
}

function unitsOf(s) {
  const out = new Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const hex = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('hex');

const input = JSON.parse(await readStdin());
const encoder = new TextEncoder();
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const encode = input.encode.map((units) => {
  for (const u of units) {
    if (!Number.isInteger(u) || u < 0 || u > 0xffff) throw new Error(`bad unit ${u}`);
  }
  const s = stringFromUnits(units);
  if (s.length !== units.length) throw new Error('string construction changed length');
  const wf = s.toWellFormed();
  let first = null;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) !== wf.charCodeAt(i)) {
      first = i;
      break;
    }
  }
  return {
    textEncoder: hex(encoder.encode(s)),
    buffer: Buffer.from(s, 'utf8').toString('hex'),
    isWellFormed: s.isWellFormed(),
    firstLoneSurrogate: first,
  };
});

const decode = input.decode.map((h) => {
  const bytes = new Uint8Array(Buffer.from(h, 'hex'));
  if (bytes.length * 2 !== h.length) throw new Error(`bad hex ${h}`);
  let fatalOk = true;
  try {
    fatal.decode(bytes);
  } catch {
    fatalOk = false;
  }
  return { units: unitsOf(lenient.decode(bytes)), fatalOk };
});

process.stdout.write(JSON.stringify({ encode, decode }));
