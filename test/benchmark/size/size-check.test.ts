import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sizeBudgets } from "./size-budgets.ts";
import { checkBudgets, type SizeBudget } from "./size-check.ts";

let dist: string;

/** Writes a built file whose body barely compresses, so its gzip size is about its length. */
function write(file: string, imports = "", bodyBytes = 600): string {
  const code = `${imports}export const data = "${randomBytes(bodyBytes).toString("base64")}";\n`;
  mkdirSync(join(dist, file, ".."), { recursive: true });
  writeFileSync(join(dist, file), code);
  return code;
}

const gzipOf = (code: string) => gzipSync(Buffer.from(code), { level: 9 }).byteLength;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "size-check-"));
});
afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe("the size check", () => {
  it("passes a file under its ceiling and reports its sizes", () => {
    const code = write("cap-chat.js");
    const { measures, problems } = checkBudgets(dist, [{ name: "loader", files: ["cap-chat.js"], gzipCeiling: 5120 }]);
    expect(problems).toEqual([]);
    expect(measures.map(({ label, files, sizes }) => [label, files, sizes.raw, sizes.gzip])).toEqual([
      ["loader", ["cap-chat.js"], code.length, gzipOf(code)],
    ]);
  });

  it("fails a file over its ceiling, naming the budget, its size and the overshoot", () => {
    const code = write("cap-chat.js", "", 8000);
    const gzip = gzipOf(code);
    const { problems } = checkBudgets(dist, [{ name: "script tag: the loader", files: ["cap-chat.js"], gzipCeiling: 5120 }]);
    expect(problems.map((problem) => problem.message)).toEqual([
      `script tag: the loader is ${gzip.toLocaleString("en")} B gzip (${(gzip / 1024).toFixed(2)} KB), ${(gzip - 5120).toLocaleString("en")} B over its ceiling of 5,120 B (5.00 KB); files: cap-chat.js`,
    ]);
  });

  it("reports a file above its target and within its ceiling as a gap, not a failure", () => {
    const code = write("cap-chat.js", "", 3000);
    const gzip = gzipOf(code);
    const budget = { name: "app", files: ["cap-chat.js"], gzipCeiling: gzip + 10, gzipTarget: gzip - 100 };
    const { problems, gaps } = checkBudgets(dist, [budget]);
    expect(problems).toEqual([]);
    expect(gaps).toEqual([
      `app is ${gzip.toLocaleString("en")} B gzip, 100 B above its target of ${(gzip - 100).toLocaleString("en")} B (${((gzip - 100) / 1024).toFixed(2)} KB)`,
    ]);
    expect(checkBudgets(dist, [{ ...budget, gzipTarget: gzip }]).gaps).toEqual([]);
  });

  it("matches content-hashed names and counts the static imports, not the dynamic ones", () => {
    const chunk = write("chunks/preact-Ab12.js");
    write("cap-chat-fallback-Zz9.js");
    const app = write(
      "cap-chat-app-Cd34.js",
      'import { h } from "./chunks/preact-Ab12.js";\nconst later = () => import("./cap-chat-fallback-Zz9.js");\n',
    );
    const budget: SizeBudget = { name: "app", files: ["cap-chat-app-*.js"], withStaticImports: true, gzipCeiling: 100_000 };
    const [measure] = checkBudgets(dist, [budget]).measures;
    expect(measure?.files).toEqual(["cap-chat-app-Cd34.js", "chunks/preact-Ab12.js"]);
    expect(measure?.sizes.gzip).toBe(gzipOf(app) + gzipOf(chunk));
  });

  it("holds each file of an `each` budget to the ceiling on its own", () => {
    write("cap-chat-locale-fr-1.js", "", 300);
    write("cap-chat-locale-ar-2.js", "", 3000);
    const { measures, problems } = checkBudgets(dist, [
      { name: "each extra locale", files: ["cap-chat-locale-*.js"], each: true, gzipCeiling: 1229 },
    ]);
    expect(measures.map((measure) => measure.label)).toEqual([
      "each extra locale: cap-chat-locale-ar-2.js",
      "each extra locale: cap-chat-locale-fr-1.js",
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(
      /^each extra locale: cap-chat-locale-ar-2\.js is [\d,]+ B gzip .* over its ceiling of 1,229 B \(1\.20 KB\)/,
    );
  });

  it("fails a budget whose patterns match no file, so a renamed file cannot go unchecked", () => {
    write("cap-chat.js");
    const { problems } = checkBudgets(dist, [{ name: "app", files: ["cap-chat-app-*.js", "app-*.js"], gzipCeiling: 30_720 }]);
    expect(problems.map((problem) => [problem.kind, problem.message])).toEqual([
      [
        "missing",
        "app: no file in dist/ matches cap-chat-app-*.js or app-*.js; build first (npm run build), or update the pattern in test/benchmark/size/size-budgets.ts",
      ],
    ]);
  });

  it("fails a self-contained entry that imports a package, even through a chunk", () => {
    write("chunks/ui-1.js", 'import { render } from "preact";\n');
    write("client.js", 'export * from "./chunks/ui-1.js";\n');
    const { problems } = checkBudgets(dist, [{ name: "client", files: ["client.js"], gzipCeiling: 100_000, selfContained: true }]);
    expect(problems.map((problem) => [problem.kind, problem.message])).toEqual([
      ["imports", "client imports preact; it must need nothing outside the build"],
    ]);
  });

  it("minifies first where asked, as an app's bundler would", () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, "client.js"), `export function longName(argument) {\n  // a comment\n  return argument   +   1;\n}\n`);
    const [plain, minified] = [false, true].map(
      (minify) => checkBudgets(dist, [{ name: "client", files: ["client.js"], minify, gzipCeiling: 1000 }]).measures[0]!.sizes,
    );
    expect(minified!.minified).toBeLessThan(plain!.minified);
    expect(plain!.minified).toBe(plain!.raw);
  });

  it("declares every budget of the design, each with a ceiling and files", () => {
    expect(sizeBudgets.map((budget) => [budget.name, budget.gzipCeiling, budget.gzipTarget])).toEqual([
      ["script tag: the loader", 5120, undefined],
      ["script tag: the app as loaded on open, in English", 45_127, 30_720],
      ["script tag: each extra locale", 2048, undefined],
      ["script tag: the list of locales, loaded with the first extra locale", 2048, undefined],
      ["script tag: the Chat API fallback", 2773, undefined],
      ["script tag: the voice file", 3072, undefined],
      ["script tag: the feedback file", 1123, undefined],
      ["script tag: the end's file", 750, undefined],
      ["script tag: the extras' file", 1950, undefined],
      ["script tag: the voice texts of each language", 717, undefined],
      ["script tag: the list of the voice texts' languages, loaded with the first but English", 1792, undefined],
      ["script tag: one conversation across tabs (persist: local)", 2642, undefined],
      ["npm: the client entry (cap-chat)", 16_000, 11_264],
      ["npm: each extra locale", 2048, undefined],
      ["npm: the list of locales", 768, undefined],
      ["npm: the voice chunk", 3072, undefined],
      ["npm: the feedback chunk", 1143, undefined],
      ["npm: the end's chunk", 750, undefined],
      ["npm: the extras' chunk", 1958, undefined],
      ["npm: the voice texts of each language", 717, undefined],
      ["npm: the list of the voice texts' languages", 768, undefined],
      ["npm: the Chat API fallback", 2720, undefined],
      ["npm: one conversation across tabs (persist: local)", 2595, undefined],
    ]);
    for (const budget of sizeBudgets) expect(budget.files.length).toBeGreaterThan(0);
  });
});
