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

  it("covers the reflow and target-size criteria with the end-to-end test at 320 px", () => {
    const criteria = rows
      .filter((row) => row.file === "e2e/accessibility.spec.ts" && row.title.includes("320 × 256"))
      .map((row) => row.criterion);
    expect(criteria).toEqual(expect.arrayContaining(["1.4.4 Resize text (AA)", "1.4.10 Reflow (AA)"]));
  });
});
