/**
 * Checks HTML samples: every `<cap-chat>` attribute and every `data-` attribute of a `<script>` tag is an
 * option attribute with a value the element accepts (read by the element's own parser). Inline scripts
 * are handed out by `inlineScripts`, to be type-checked with the JavaScript samples.
 */
import { OPTION_ATTRIBUTES, optionsFromAttributes, type OptionAttribute } from "../../src/embed/options-from-attributes.ts";

/** Attributes every element takes besides its options. */
const GLOBAL_ATTRIBUTES = new Set(["id", "class", "style", "hidden", "lang", "dir", "title", "slot"]);
/** Attributes of a `<script>` tag that are not options. */
const SCRIPT_ATTRIBUTES = new Set(["src", "type", "async", "defer", "nonce", "integrity", "crossorigin", "referrerpolicy"]);

const TAG = /<(cap-chat|script)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)(?=<\/\1>)/gi;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Returns every problem found in `html`; none means the sample is sound. */
export function checkHtmlSample(html: string): string[] {
  const problems: string[] = [];
  for (const [, tagName = "", attributeText = ""] of html.matchAll(TAG)) {
    const tag = tagName.toLowerCase();
    const attributes = new Map<string, string>();
    for (const [, name = "", double, single, bare] of attributeText.matchAll(ATTRIBUTE)) {
      attributes.set(name.toLowerCase(), double ?? single ?? bare ?? "");
    }
    const options = new Map<OptionAttribute, string>();
    for (const [name, value] of attributes) {
      const option = tag === "script" ? (name.startsWith("data-") ? name.slice(5) : null) : name;
      if (option !== null && (OPTION_ATTRIBUTES as readonly string[]).includes(option)) options.set(option as OptionAttribute, value);
      else if (tag === "script" ? !SCRIPT_ATTRIBUTES.has(name) : !GLOBAL_ATTRIBUTES.has(name))
        problems.push(`<${tag}> has no attribute ${name}`);
    }
    for (const problem of optionsFromAttributes((name) => options.get(name) ?? null).invalid) {
      problems.push(`<${tag}> ${problem.attribute}="${problem.value}": ${problem.reason}`);
    }
  }
  return problems;
}

/** The inline scripts of `html`, each with the 0-based line of `html` it starts on. */
export function inlineScripts(html: string): { code: string; line: number }[] {
  return [...html.matchAll(TAG)]
    .filter(([, tagName = "", , content = ""]) => tagName.toLowerCase() === "script" && content.trim() !== "")
    .map((match) => {
      const opening = match[0].length - (match[3] ?? "").length;
      return { code: match[3] ?? "", line: html.slice(0, (match.index ?? 0) + opening).split("\n").length - 1 };
    });
}
