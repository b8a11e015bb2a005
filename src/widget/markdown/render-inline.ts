import { h, type ComponentChildren } from "preact";
import { autolinkText, hostNote } from "./link-host.ts";
import { plainTextOf } from "./plain-text.ts";
import { EXTERNAL_LINK, safeUrl } from "./safe-url.ts";

/**
 * An emphasis run that may still be closed: where its text sits in the output, how many markers remain,
 * and how deep the elements after it nest (up to the next open run, or counting those that were dropped).
 */
interface Opener {
  length: number;
  at: number;
  inner: number;
}

/** Inline elements nest at most this deep; an emphasis that would go deeper keeps its markers as text. */
const MAX_INLINE_DEPTH = 8;

/** Open runs per marker (`*`, `_`, `~`), so a closer never searches past runs of another marker. */
type Openers = Record<string, Opener[]>;

const WORD = /[\p{L}\p{N}]/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const AUTOLINK = /https?:\/\//iy;
/** A run of characters where nothing `renderInline` reads can start (an `h` may start a bare URL). */
const PLAIN_RUN = /[^\\\n`*_~![<hH]*/y;
/** `<scheme:…>` or `<name@host>` as CommonMark spells autolinks; neither holds whitespace or angle brackets. */
const BRACKETED_AUTOLINK =
  /<(?:([a-z][a-z\d+.-]{1,31}:[^\s<>]*)|([\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*))>/iy;
const IMAGE_SCHEME = /^https?:/i;
const URL_STOP = /[\s<>[\]]/;
const TRAILING_PUNCTUATION = /[.,;:!?'"*_]/;
const isWord = (character: string | undefined): boolean => !!character && WORD.test(character);
const isSpace = (character: string | undefined): boolean => !character || /\s/.test(character);
const link = (href: string, children: ComponentChildren[]) => h("a", { ...EXTERNAL_LINK, href }, children);
const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/**
 * An image from `![alt](url)`: only an http(s) URL `safeUrl` accepts becomes a request, lazily and without
 * the page's address, wrapped in a link that opens it in full; anything else shows the alt text and loads
 * nothing, so agent text can never plant a beacon.
 */
function image(label: string, url: string): ComponentChildren {
  const alt = unescape(label);
  const source = safeUrl(url);
  if (!source || !IMAGE_SCHEME.test(source)) return alt;
  return link(source, [h("img", { loading: "lazy", decoding: "async", referrerpolicy: "no-referrer", alt, src: source })]);
}

/**
 * Renders the inline Markdown of one block as Preact children: `code`, **strong** or __strong__, *emphasis*
 * or _emphasis_ (never inside words for `_`), ~~strikethrough~~, [text](url) links, ![alt](url) images, `<url>` and `<email>`
 * autolinks, bare http(s) URLs, backslash escapes, and newlines as breaks. A link whose URL `safeUrl`
 * refuses keeps only its text; an image needs an http(s) URL, or shows its alt text. A link whose text
 * reads as an address elsewhere also shows the host it leads to (see `hostNote`), and an autolink whose
 * host could pass for another shows it in punycode. Text always lands in text nodes, never in markup, and
 * text between two elements is one string. Unclosed markers stay literal text, so every prefix of a
 * streaming message renders; so do markers of an emphasis that would nest more than `MAX_INLINE_DEPTH`
 * elements deep. Runs in linear time on any input (no rescans of failed searches).
 */
export function renderInline(text: string): ComponentChildren[] {
  return readInline(text, false).output;
}

/** `renderInline`, also telling how deep the elements of the output nest; a link's text holds no links. */
function readInline(text: string, insideLink: boolean): { output: ComponentChildren[]; depth: number } {
  const output: ComponentChildren[] = [];
  const openers: Openers = { "*": [], _: [], "~": [] };
  // Stands for the whole output: the run everything belongs to when no run is open after it.
  const root: Opener = { length: 0, at: -1, inner: 0 };
  const missingCodeClosers = new Set<number>();
  let plainFrom = 0;
  let index = 0;

  /** The innermost open run: the one that holds whatever is added to the output now. */
  const innermost = (): Opener => {
    let found = root;
    for (const marker in openers) {
      const last = openers[marker]!.at(-1);
      if (last && last.at > found.at) found = last;
    }
    return found;
  };
  /** Records that the innermost run now holds elements `depth` deep. */
  const holds = (depth: number): void => {
    const opener = innermost();
    opener.inner = Math.max(opener.inner, depth);
  };
  const flush = (): void => {
    if (index > plainFrom) output.push(text.slice(plainFrom, index));
  };
  const emit = (node: ComponentChildren, depth: number, resume: number): void => {
    flush();
    holds(depth);
    output.push(node);
    index = plainFrom = resume;
  };

  while (index < text.length) {
    const character = text[index]!;
    if (character === "\\" && ESCAPABLE.test(text[index + 1] ?? "")) {
      flush();
      plainFrom = index + 1;
      index += 2;
    } else if (character === "\n") {
      emit(h("br", null), 1, index + 1);
    } else if (character === "`") {
      const length = runLength(text, index);
      const close = missingCodeClosers.has(length) ? -1 : findCodeCloser(text, index + length, length);
      if (close < 0) {
        missingCodeClosers.add(length);
        index += length;
      } else {
        emit(h("code", null, text.slice(index + length, close).trim()), 1, close + length);
      }
    } else if (character === "~" && runLength(text, index) !== 2) {
      // Only two tildes strike through; any other run is text.
      index += runLength(text, index);
    } else if (character === "*" || character === "_" || character === "~") {
      const length = runLength(text, index);
      const before = text[index - 1];
      const after = text[index + length];
      const canOpen = !isSpace(after) && (character !== "_" || !isWord(before));
      const canClose = !isSpace(before) && (character !== "_" || !isWord(after));
      flush();
      const remaining = canClose ? closeEmphasis(output, openers, character, length, holds) : length;
      if (remaining && canOpen) openers[character]!.push({ length: remaining, at: output.length, inner: 0 });
      if (remaining) output.push(character.repeat(remaining));
      index = plainFrom = index + length;
    } else if (character === "!" && text[index + 1] === "[" && !insideLink) {
      const bracketed = readLink(text, index + 1);
      if (bracketed) emit(image(bracketed.label, bracketed.url), 2, bracketed.end);
      else index++;
    } else if (character === "[" && !insideLink) {
      const bracketed = readLink(text, index);
      if (bracketed) {
        const label = readInline(bracketed.label, true);
        const href = safeUrl(bracketed.url);
        flush();
        const note = href && hostNote(plainTextOf(label.output), href);
        // Each part is isolated, so neither bidirectional controls in the text nor around the link can reorder the host.
        const children = note ? [h("bdi", null, label.output), " ", h("bdi", null, `(${note})`)] : label.output;
        holds(href ? label.depth + (note ? 2 : 1) : label.depth);
        if (href) output.push(link(href, children));
        else for (const child of label.output) output.push(child);
        index = plainFrom = bracketed.end;
      } else {
        index++;
      }
    } else if (character === "<" && !insideLink) {
      BRACKETED_AUTOLINK.lastIndex = index;
      const match = BRACKETED_AUTOLINK.exec(text);
      if (match) {
        const [whole, address, email] = match;
        const href = safeUrl(address ?? `mailto:${email}`);
        const written = whole.slice(1, -1);
        emit(href ? link(href, [autolinkText(written)]) : written, href ? 1 : 0, index + whole.length);
      } else {
        index++;
      }
    } else if ((character === "h" || character === "H") && !insideLink && startsAutolink(text, index)) {
      const end = autolinkEnd(text, index);
      const written = text.slice(index, end);
      const href = safeUrl(written);
      if (href) emit(link(href, [autolinkText(written)]), 1, end);
      else index = end;
    } else {
      // Nothing can start before the next character that may open markup or a bare URL.
      PLAIN_RUN.lastIndex = index + 1;
      PLAIN_RUN.test(text);
      index = PLAIN_RUN.lastIndex;
    }
  }
  flush();
  // Runs still open stay text, and what they held is part of the output.
  const depth = Object.values(openers)
    .flat()
    .reduce((deepest, opener) => Math.max(deepest, opener.inner), root.inner);
  return { output: joinText(output), depth };
}

/**
 * Closes the nearest open run of the same marker, repeatedly while markers remain, wrapping everything
 * after the opener (two `~` strike it through); openers left inside a closed span become plain text. A run whose span already nests
 * `MAX_INLINE_DEPTH` deep stays text, and so does every earlier run of the marker, which would wrap it.
 * Tells `holds` how deep what it made nests. Returns the markers left over.
 */
function closeEmphasis(
  output: ComponentChildren[],
  openers: Openers,
  marker: string,
  length: number,
  holds: (depth: number) => void,
): number {
  const own = openers[marker]!;
  let remaining = length;
  while (remaining && own.length) {
    const opener = own[own.length - 1]!;
    for (const other in openers) {
      const runs = openers[other]!;
      while (runs.length && runs[runs.length - 1]!.at > opener.at) opener.inner = Math.max(opener.inner, runs.pop()!.inner);
    }
    if (opener.inner >= MAX_INLINE_DEPTH) {
      own.pop();
      holds(opener.inner);
      continue;
    }
    const used = opener.length >= 2 && remaining >= 2 ? 2 : 1;
    const children = output.splice(opener.at + 1);
    const depth = opener.inner + 1;
    opener.length -= used;
    remaining -= used;
    if (opener.length) {
      output[opener.at] = marker.repeat(opener.length);
      opener.inner = depth;
    } else {
      output.pop();
      own.pop();
      holds(depth);
    }
    output.push(h(marker === "~" ? "del" : used === 2 ? "strong" : "em", null, joinText(children)));
  }
  return remaining;
}

/** The items with strings that follow each other joined into one, so plain text makes one text node. */
function joinText(items: readonly ComponentChildren[]): ComponentChildren[] {
  const joined: ComponentChildren[] = [];
  for (const item of items) {
    if (typeof item === "string" && typeof joined[joined.length - 1] === "string") joined[joined.length - 1] += item;
    else joined.push(item);
  }
  return joined;
}

function startsAutolink(text: string, index: number): boolean {
  AUTOLINK.lastIndex = index;
  return AUTOLINK.test(text) && !isWord(text[index - 1]);
}

function runLength(text: string, start: number): number {
  let end = start;
  while (text[end] === text[start]) end++;
  return end - start;
}

/** Index of the next backtick run of exactly `length`, or -1. */
function findCodeCloser(text: string, from: number, length: number): number {
  for (let index = text.indexOf("`", from); index >= 0; index = text.indexOf("`", index)) {
    const run = runLength(text, index);
    if (run === length) return index;
    index += run;
  }
  return -1;
}

/**
 * Reads `[label](url)` at `start`. The label holds no brackets and the URL no whitespace, brackets or
 * unbalanced parentheses, which keeps every scan from overlapping the next one.
 */
function readLink(text: string, start: number): { label: string; url: string; end: number } | null {
  let close = start + 1;
  while (close < text.length && text[close] !== "[" && text[close] !== "]") close++;
  if (text[close] !== "]" || close === start + 1 || text[close + 1] !== "(") return null;
  let end = close + 2;
  let depth = 0;
  for (; end < text.length && !URL_STOP.test(text[end]!); end++) {
    if (text[end] === "(") depth++;
    else if (text[end] === ")" && !depth--) break;
  }
  if (text[end] !== ")") return null;
  return { label: text.slice(start + 1, close), url: text.slice(close + 2, end), end: end + 1 };
}

/** End of a bare URL: up to whitespace or brackets, without trailing punctuation or an unmatched `)`. */
function autolinkEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !URL_STOP.test(text[end]!)) end++;
  const balanced = text.slice(start, end).includes("(");
  for (;;) {
    const last = text[end - 1]!;
    if (TRAILING_PUNCTUATION.test(last) || (last === ")" && !balanced)) end--;
    else return end;
  }
}
