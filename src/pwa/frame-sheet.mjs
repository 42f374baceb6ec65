// A frame's style sheet: the site's (styles/main.css) less the rules no
// frame can match. A frame on a club's page draws a board, a lesson, a
// puzzle, a live game or a club's table, never the site's header, forms or
// club pages, and main.css is mostly those.
//
// A selector names classes and ids; an element gets a class only from the
// code that draws it, so a selector one of whose classes or ids appears in
// none of the frames' built files (their wasm, their JavaScript, the page)
// matches nothing in a frame. What appears inside a functional
// pseudo-class (`:not(.x)`, `:is(.a, .b)`, `:has(…)`) is not asked: `:not`
// matches where the class is absent. A name only ever built from pieces
// (`format!("disc-{colour}")`) appears in no built file whole, so
// `unbuilt` lists main.css's names that appear in no file of the site at
// all: finish.mjs fails the build while one is not known to be dead.

/** The rules of `css` (comments dropped): `{ prelude, body }` for a
 *  qualified rule or an at-rule with a block, `{ prelude }` for one
 *  without. */
export function parseRules(css) {
  const rules = [];
  let i = 0;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  while (i < text.length) {
    const open = nextOf(text, i, "{;");
    if (open < 0) {
      if (text.slice(i).trim()) throw new Error(`CSS: text after the last rule: ${text.slice(i, i + 60)}`);
      break;
    }
    const prelude = text.slice(i, open).trim();
    if (text[open] === ";") {
      if (prelude) rules.push({ prelude });
      i = open + 1;
      continue;
    }
    const close = matching(text, open);
    rules.push({ prelude, body: text.slice(open + 1, close) });
    i = close + 1;
  }
  return rules;
}

/** The first of `chars` at or after `from` outside strings and brackets. */
function nextOf(text, from, chars) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && chars.includes(c)) return i;
  }
  return -1;
}

/** The `}` that closes the `{` at `open`. */
function matching(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  throw new Error(`CSS: a block is not closed: ${text.slice(open - 60, open)}`);
}

/** The quote that closes the string opened at `at`. */
function stringEnd(text, at) {
  const end = text.indexOf(text[at], at + 1);
  if (end < 0) throw new Error("CSS: a string is not closed");
  return end;
}

/** The at-rules whose blocks hold rules. */
const GROUPS = /^@(media|container|supports|layer)\b/;

/** The selectors of a rule's selector list. */
export const selectorsOf = (prelude) => {
  const out = [];
  let rest = prelude;
  for (let at = nextOf(rest, 0, ","); at >= 0; at = nextOf(rest, 0, ",")) {
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at + 1);
  }
  out.push(rest.trim());
  return out;
};

/** The class and id names a selector needs, outside brackets. */
export function namesOf(selector) {
  let flat = "";
  let depth = 0;
  for (const c of selector.replace(/"[^"]*"|'[^']*'/g, '""')) {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) flat += c;
  }
  return [...flat.matchAll(/[.#](-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
}

/** `css` with the selectors whose every name `present` accepts, and the
 *  rules left with one; at-rules with rules inside are filtered inside,
 *  the others (keyframes, font faces) kept. Minified. */
export function keepMatching(css, present) {
  const out = [];
  for (const { prelude, body } of parseRules(css)) {
    if (body === undefined) out.push(`${prelude};`);
    else if (GROUPS.test(prelude)) {
      const inner = keepMatching(body, present);
      if (inner) out.push(`${prelude}{${inner}}`);
    } else if (prelude.startsWith("@")) out.push(`${prelude}{${minify(body)}}`);
    else {
      const kept = selectorsOf(prelude).filter((s) => namesOf(s).every(present));
      if (kept.length) out.push(`${kept.join(",")}{${minify(body)}}`);
    }
  }
  return out.join("");
}

/** Declarations without the spaces around them. */
const minify = (body) =>
  body
    .split(/\n/)
    .map((line) => line.trim())
    .join(" ")
    .trim();

/** Every class and id name `css`'s selectors use. */
export function everyName(css) {
  const names = new Set();
  for (const { prelude, body } of parseRules(css)) {
    if (body === undefined) continue;
    if (prelude.startsWith("@")) {
      if (GROUPS.test(prelude)) for (const n of everyName(body)) names.add(n);
    } else for (const s of selectorsOf(prelude)) for (const n of namesOf(s)) names.add(n);
  }
  return names;
}
