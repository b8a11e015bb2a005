import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const page = readFileSync(resolve(root, "docs/accessibility.md"), "utf8");

/** Each row of the conformance table: its criterion, the test file and the words of the test's title. */
const rows = [...page.matchAll(/^\| (\d\.\d+\.\d+[^|]*) \| [^|]+ \| `([^`]+)`: (.+) \|$/gm)].map(([, criterion, file, title]) => ({
  criterion: criterion as string,
  file: file as string,
  title: title as string,
}));

describe("docs/accessibility.md", () => {
  it("names, for every criterion it claims, a test file that exists and holds a test of that title", () => {
    expect(rows.length).toBeGreaterThan(25);
    const problems = rows.flatMap(({ criterion, file, title }) => {
      if (!existsSync(resolve(root, file))) return [`${criterion}: ${file} does not exist`];
      const source = readFileSync(resolve(root, file), "utf8");
      return source.includes(title) && /\b(it|test)(\.each\([^)]*\))?\(/.test(source)
        ? []
        : [`${criterion}: no test "${title}" in ${file}`];
    });
    expect(problems).toEqual([]);
  });

  it("covers reflow at 320 px and at a real 400 % zoom, resizing, and text spacing with their end-to-end tests", () => {
    const criteriaOf = (file: string, words: string) =>
      rows.filter((row) => row.file === file && row.title.includes(words)).map((row) => row.criterion);
    expect(criteriaOf("e2e/accessibility/accessibility.spec.ts", "320 × 256")).toEqual(expect.arrayContaining(["1.4.10 Reflow (AA)"]));
    expect(criteriaOf("e2e/accessibility/text-spacing-and-zoom.spec.ts", "400 % zoom")).toEqual(
      expect.arrayContaining(["1.4.4 Resize text (AA)", "1.4.10 Reflow (AA): at zoom 4"]),
    );
    expect(criteriaOf("e2e/accessibility/text-spacing-and-zoom.spec.ts", "text spacing (WCAG 1.4.12)")).toEqual([
      "1.4.12 Text spacing (AA)",
    ]);
    expect(page).not.toMatch(/^- 1\.4\.12/m);
  });
});
