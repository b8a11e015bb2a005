import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../src/widget/locales/en.ts";
import { mapTexts } from "../../src/widget/locales/locale-strings.ts";

const page = readFileSync(resolve(import.meta.dirname, "../../docs/texts.md"), "utf8");

/** Each text of English as docs/texts.md shows it: plural forms as `one: …; other: …`, spaces plain. */
function englishRows(): Map<string, string> {
  const rows = new Map<string, string>();
  mapTexts(en, (key, text) => {
    const shown =
      typeof text === "string"
        ? text
        : Object.entries(text)
            .map(([form, words]) => `${form}: ${words}`)
            .join("; ");
    rows.set(key, shown.replace(/\u00a0/g, " "));
  });
  rows.delete("code");
  rows.delete("dir");
  return rows;
}

describe("docs/texts.md", () => {
  it("lists every text of the widget by its key, with its English words, and nothing else", () => {
    const listed = new Map<string, string>(
      [...page.slice(page.indexOf("## The texts")).matchAll(/^\| `([^`]+)` \| (.*) \|$/gm)].map(([, key, text]) => [
        key as string,
        (text as string).replace(/\\\|/g, "|"),
      ]),
    );
    const english = englishRows();
    const problems = [
      ...[...english.keys()].filter((key) => !listed.has(key)).map((key) => `"${key}" is not listed`),
      ...[...listed.keys()].filter((key) => !english.has(key)).map((key) => `"${key}" is listed but is no text`),
      ...[...english]
        .filter(([key, text]) => listed.has(key) && listed.get(key) !== text)
        .map(([key]) => `"${key}" shows other words than en.ts`),
    ];
    expect(problems).toEqual([]);
  });
});
