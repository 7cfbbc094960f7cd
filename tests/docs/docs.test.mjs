// The documents' examples run and their links resolve, as Rust's doctests keep its docs honest.
//
// (a) Every ```js block of README.md and docs/*.md runs against the built package (pkg/, made by
//     `node scripts/build.mjs`), as an ES module of its own (a block that uses `require` and no
//     `import` runs as CommonJS). The main entry's exports (`encode`, `decode`, `Wtf8Error`, ...)
//     are in scope without an import, so that short examples can skip it; `wtf8-wasm`,
//     `wtf8-wasm/encodings` and `wtf8-wasm/inspect` import as a user's code would. A block that
//     throws fails. The claims in it are checked:
//
//       expression;          // VALUE        the expression's value deep-equals VALUE
//       const name = expr;   // VALUE        so does the variable's
//       expression;          // throws NAME { key: value, ... }
//                                            it throws an error of that class or name, whose
//                                            listed fields deep-equal those given
//
//     VALUE is a JavaScript literal: true, false, null, undefined, a number, a string, an array
//     or object literal, or `Uint8Array [1, 2]` for a Uint8Array of those bytes; it may start
//     with `→`, and what follows the literal (`// 1: the first byte`) is prose. A statement
//     without a comment may have its VALUE on the comment lines right after it. Any other
//     comment is prose. A line whose comment starts like a VALUE but that is neither one
//     expression nor one declaration fails (an unchecked claim is a stale claim waiting).
//
//     Not run: a block right after `<!-- not run: reason -->` (it needs a browser, a server, a
//     database...), and a block right after `<!-- recipe: path -->`, an excerpt of that file,
//     which the boundary tests run and compare (here the file must exist).
//
// (b) Every relative link and `#anchor` of README.md, CONTRIBUTING.md, docs/*.md,
//     benches/README.md and fuzz/README.md resolves: the file or folder exists, and an anchor
//     names a heading of the target (GitHub's slugs) or an `id`/`name` in it.
//
// (c) The speed and size figures of README.md and the results of benches/README.md are what
//     benches/results.json says (one full `npm run bench`, which writes all of them: the marked
//     sections are benches/results.mjs's rendering of it), and that run names a commit of this
//     repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const docsDir = join(root, 'docs');
const guides = existsSync(docsDir)
  ? readdirSync(docsDir)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => join('docs', name))
  : [];
const EXAMPLE_FILES = ['README.md', ...guides];
const LINK_FILES = ['README.md', 'CONTRIBUTING.md', ...guides, 'benches/README.md', 'fuzz/README.md'].filter((file) =>
  existsSync(join(root, file)),
);

// ---------------------------------------------------------------------------------------------
// Markdown

/** The fenced code blocks of a Markdown text: language, first code line (1-based), code, marker. */
function codeBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[end])) end++;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = before >= 0 ? /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(lines[before])?.[1] : undefined;
    blocks.push({ lang: open[2].toLowerCase(), line: i + 2, code: lines.slice(i + 1, end), marker });
    i = end;
  }
  return blocks;
}

/** The text outside fenced code blocks, line for line (fenced lines blanked). */
function prose(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const mark = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (mark && mark[1][0] === fence[0] && mark[1].length >= fence.length && line.trim() === mark[1]) fence = null;
      return '';
    }
    if (mark) {
      fence = mark[1];
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading's text (github-slugger): lowercase, punctuation dropped, spaces to '-'. */
function slug(heading) {
  const text = heading
    .replace(/<[^>]*>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings' slugs (with -1, -2 for repeats) and ids. */
function anchors(text) {
  const found = new Set();
  const seen = new Map();
  for (const line of prose(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      found.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) found.add(m[1]);
  }
  return found;
}

/** Links of a Markdown file, outside code: inline `[text](target)` and definitions `[x]: target`. */
function links(text) {
  const found = [];
  prose(text).forEach((line, i) => {
    const bare = line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const m of bare.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      found.push({ target: m[1], line: i + 1 });
    const def = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(bare);
    if (def) found.push({ target: def[1], line: i + 1 });
    for (const m of bare.matchAll(/<a\s[^>]*href="([^"]+)"/g)) found.push({ target: m[1], line: i + 1 });
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Examples: claims into checks

/** Where a line's `//` comment starts, outside strings; -1 if it has none. */
function commentStart(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') return i;
  }
  return -1;
}

const VALUE_START = /^(?:true|false|null|undefined|NaN|Infinity|-?\d|['"`[{]|Uint8Array\s*\[)/;
const AsyncFunction = (async () => {}).constructor;

/** Whether `source` parses as one expression (nothing is run). */
function isExpression(source) {
  try {
    new AsyncFunction(`return (${source}\n);`);
    return !hasTopLevelComma(source);
  } catch {
    return false;
  }
}

function hasTopLevelComma(source) {
  let depth = 0;
  let quote = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return true;
  }
  return false;
}

/** The longest prefix of `text` that is one literal expression (cut before prose), as source. */
function literalPrefix(text) {
  let body = text;
  let wrap = (source) => source;
  const typed = /^Uint8Array\s*(?=\[)/.exec(body);
  if (typed) {
    body = body.slice(typed[0].length);
    wrap = (source) => `new Uint8Array(${source})`;
  }
  for (let end = body.length; end > 0; end--) {
    if (end < body.length && !/[\s:;,.(]/.test(body[end])) continue;
    const candidate = body.slice(0, end).trim();
    if (candidate && isExpression(candidate) && evaluates(candidate)) return wrap(candidate);
  }
  return null;
}

/** Whether a literal evaluates on its own (prose words are ReferenceErrors). */
function evaluates(source) {
  try {
    new Function(`'use strict'; return (${source}\n);`)();
    return true;
  } catch {
    return false;
  }
}

/** A claim's expected outcome, from the comment text after `//`; null if the comment is prose. */
function claim(comment) {
  const text = comment.trim().replace(/^→\s*/, '');
  const throws = /^throws\s+([A-Za-z_$][\w$]*)\s*(\{.*)?/.exec(text);
  if (throws) {
    const fields = throws[2] ? literalPrefix(throws[2]) : null;
    return { throws: throws[1], fields: fields ?? 'undefined' };
  }
  if (!VALUE_START.test(text)) return null;
  const value = literalPrefix(text);
  if (value === null) throw new Error(`cannot read a value in the comment "${comment.trim()}"`);
  return { value };
}

/**
 * The block's code with each claim turned into a check on the same line (line numbers stay
 * those of the Markdown file). `sync` for CommonJS, where there is no top-level await.
 */
function instrument(code, firstLine, file, sync) {
  const out = [...code];
  for (let i = 0; i < code.length; i++) {
    const at = commentStart(code[i]);
    let source = (at < 0 ? code[i] : code[i].slice(0, at)).trim();
    if (source === '' || /^\/\//.test(source)) continue;
    let comment = at < 0 ? '' : code[i].slice(at + 2);
    // The value may go on over the comment-only lines right after (or start there).
    let j = i + 1;
    const more = () => j < code.length && /^\s*\/\/(?!\/)/.test(code[j]);
    if (comment.trim() === '' && more()) comment = code[j++].replace(/^\s*\/\//, '');
    while (more() && !claimComplete(comment)) comment += ' ' + code[j++].replace(/^\s*\/\//, '');
    const where = `${file}:${firstLine + i}`;
    let expected;
    try {
      expected = claim(comment);
    } catch (error) {
      throw new Error(`${where}: ${error.message}`);
    }
    if (!expected) continue;
    source = source.replace(/;\s*$/, '');
    const check = (value) =>
      expected.throws
        ? `${sync ? '' : 'await '}__docs.throws(${JSON.stringify(where)}, () => (${value}), ${JSON.stringify(expected.throws)}, ${expected.fields});`
        : `${sync ? '' : 'await '}__docs.equal(${JSON.stringify(where)}, () => (${value}), ${expected.value});`;
    const declaration = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(.*)$/.exec(source);
    if (declaration && isExpression(declaration[2]) && !expected.throws) {
      out[i] = `${source}; ${check(declaration[1])}`;
    } else if (isExpression(source)) {
      out[i] = check(source);
    } else {
      throw new Error(`${where}: a claimed value on a line that is neither one expression nor one declaration`);
    }
  }
  return out;
}

/** Whether a comment already holds a whole value (so the next comment lines are prose). */
function claimComplete(comment) {
  try {
    claim(comment);
    return true;
  } catch {
    return false;
  }
}

globalThis.__docs = {
  async equal(where, run, expected) {
    const actual = await run();
    assert.deepStrictEqual(actual, expected, `${where}: the example's claimed value`);
  },
  async throws(where, run, name, fields) {
    let thrown;
    try {
      await run();
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown !== undefined, `${where}: should throw ${name}`);
    const builtin =
      typeof globalThis[name] === 'function' && /^[A-Z]\w*Error$|^Error$/.test(name) && name !== 'Wtf8Error';
    assert.ok(
      builtin ? thrown instanceof globalThis[name] : thrown?.name === name,
      `${where}: should throw ${name}, threw ${thrown?.name}: ${thrown?.message}`,
    );
    for (const [key, value] of Object.entries(fields ?? {})) {
      assert.deepStrictEqual(thrown[key], value, `${where}: the error's ${key}`);
    }
  },
};

// The package as a user installs it: a scratch folder whose node_modules/wtf8-wasm is pkg/.
const pkgDir = join(root, 'pkg');
const scratch = mkdtempSync(join(tmpdir(), 'wtf8-docs-'));
mkdirSync(join(scratch, 'node_modules'));
symlinkSync(pkgDir, join(scratch, 'node_modules', 'wtf8-wasm'), 'dir');
writeFileSync(join(scratch, 'entry.mjs'), "export * from 'wtf8-wasm';\n");
const main = await import(pathToFileURL(join(scratch, 'entry.mjs')).href);
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
async function runBlock(file, block) {
  const code = block.code;
  const cjs = /\brequire\s*\(/.test(code.join('\n')) && !/^\s*(import|export)\b/m.test(code.join('\n'));
  const lines = instrument(code, block.line, file, cjs);
  if (cjs) {
    lines[0] = `module.exports = (async () => { ${lines[0] ?? ''}`;
    lines[lines.length - 1] += '\n})();';
  }
  const path = join(scratch, `${file.replace(/[^\w]/g, '-')}-${block.line}-${counter++}.${cjs ? 'cjs' : 'mjs'}`);
  // The block's first line is the Markdown file's line `block.line`: pad so stack traces agree.
  writeFileSync(path, '\n'.repeat(block.line - 1) + lines.join('\n') + '\n');
  const saved = {};
  for (const [name, value] of Object.entries(main)) {
    saved[name] = Object.getOwnPropertyDescriptor(globalThis, name);
    globalThis[name] = value;
  }
  const log = console.log;
  console.log = () => {};
  try {
    const module = await import(pathToFileURL(path).href);
    if (cjs) await module.default;
  } finally {
    console.log = log;
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete globalThis[name];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The tests

test('the built package is there (node scripts/build.mjs)', () => {
  assert.ok(existsSync(join(pkgDir, 'package.json')), 'pkg/ is missing: run node scripts/build.mjs');
});

for (const file of EXAMPLE_FILES) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const block of codeBlocks(text)) {
    if (block.lang !== 'js') continue;
    const name = `${file}:${block.line - 1}: the example runs and its claims hold`;
    const recipe = /^recipe:\s*(\S+)/.exec(block.marker ?? '');
    if (recipe) {
      test(`${file}:${block.line - 1}: the recipe's file exists (${recipe[1]})`, () => {
        assert.ok(existsSync(join(root, recipe[1])), `${recipe[1]} does not exist`);
      });
    } else if (/^not run\b/.test(block.marker ?? '')) {
      test(name, { skip: block.marker }, () => {});
    } else {
      test(name, () => runBlock(file, block));
    }
  }
}

for (const file of LINK_FILES) {
  test(`${file}: every relative link and anchor resolves`, () => {
    const text = readFileSync(join(root, file), 'utf8');
    const broken = [];
    for (const { target, line } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // absolute
      const [path, anchor] = target.split('#');
      const resolved = path === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURIComponent(path));
      if (!existsSync(resolved)) {
        broken.push(`line ${line}: ${target} (no ${relative(root, resolved)})`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (!resolved.endsWith('.md')) {
        if (!/^L\d+(-L\d+)?$/.test(anchor))
          broken.push(`line ${line}: ${target} (an anchor in a file that is not Markdown)`);
        continue;
      }
      if (!anchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`line ${line}: ${target} (no heading with that anchor in ${relative(root, resolved)})`);
      }
    }
    assert.deepStrictEqual(broken, [], `broken links in ${file}`);
  });
}

test('the figures of README.md and benches/README.md are those of benches/results.json, one bench run', async () => {
  const { RESULTS_FILE, SECTIONS, currentSection } = await import('../../benches/results.mjs');
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
  for (const { file, name, render } of SECTIONS) {
    const now = currentSection(readFileSync(join(root, file), 'utf8'), name);
    assert.notEqual(now, null, `${file} has no markers for the bench's ${name} section`);
    assert.equal(
      now,
      render(results),
      `${file}'s ${name} section is not benches/results.json's (node benches/results.mjs --write)`,
    );
  }
  const commit = results.commit.replace(/\+$/, '');
  assert.match(commit, /^[0-9a-f]{7,}$/);
  assert.doesNotThrow(
    () => execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root, stdio: 'ignore' }),
    `benches/results.json names commit ${commit}, which this repository does not have`,
  );
  assert.ok(
    results.speed.length > 0 && results.short.length > 0 && results.rows.length > 0 && results.sizes.length === 3,
  );
});
