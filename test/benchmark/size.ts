/**
 * Size budget of the built files (run after `npm run build`; it builds nothing itself).
 *
 * For each delivery it measures the bytes on disk, minified (the npm entries keep whitespace, as Vite's
 * library mode does, so they are minified here the way an app's bundler would), gzip (level 9) and
 * brotli. An npm entry is measured together with every chunk it imports, since that is what it costs.
 * Exits 1 when a budget is exceeded or when the client entry imports anything outside the package.
 */
import { readFileSync, existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minifySync } from "vite";

const distRoot = resolve(import.meta.dirname, "../../dist");

interface Target {
  label: string;
  entry: string;
  /** Largest allowed gzip size in bytes, if budgeted. */
  gzipBudget?: number;
  /** Whether importing a package (such as preact) from this entry is an error. */
  selfContained: boolean;
}

const targets: Target[] = [
  { label: "script tag (IIFE, Preact included)", entry: "cap-chat.js", gzipBudget: 25_600, selfContained: true },
  { label: "cap-chat (client only)", entry: "client.js", gzipBudget: 9_216, selfContained: true },
  { label: "cap-chat/widget (without Preact)", entry: "widget.js", selfContained: false },
  { label: "cap-chat/element (without Preact)", entry: "element.js", selfContained: false },
];

interface Measure {
  files: number;
  raw: number;
  minified: number;
  gzip: number;
  brotli: number;
  packages: string[];
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The entry and every file it imports, transitively, with the packages it imports from outside. */
function moduleGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [resolve(distRoot, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
      const specifier = match[1] as string;
      if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

function measure(target: Target): Measure {
  const { files, packages } = moduleGraph(target.entry);
  let raw = 0;
  const minifiedParts: string[] = [];
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    raw += Buffer.byteLength(code);
    const result = minifySync(relative(distRoot, file), code, { module: !target.entry.endsWith("cap-chat.js") });
    if (result.errors.length > 0) throw new Error(`Cannot minify ${file}: ${result.errors[0]?.message}`);
    minifiedParts.push(result.code);
  }
  const minified = Buffer.from(minifiedParts.join("\n"));
  return {
    files: files.length,
    raw,
    minified: minified.byteLength,
    gzip: gzipSync(minified, { level: 9 }).byteLength,
    brotli: brotliCompressSync(minified, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
    packages: [...packages].sort(),
  };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

const missing = targets.filter((target) => !existsSync(resolve(distRoot, target.entry)));
if (missing.length > 0) {
  console.error(`Missing ${missing.map((target) => `dist/${target.entry}`).join(", ")}: run \`npm run build\` first.`);
  process.exit(1);
}

const failures: string[] = [];
const rows = targets.map((target) => {
  const result = measure(target);
  const overBudget = target.gzipBudget !== undefined && result.gzip > target.gzipBudget;
  if (overBudget) failures.push(`${target.entry}: ${result.gzip} B gzip exceeds the budget of ${target.gzipBudget} B`);
  if (target.selfContained && result.packages.length > 0) {
    failures.push(`${target.entry} imports ${result.packages.join(", ")}; it must need nothing outside the package`);
  }
  return {
    file: `dist/${target.entry}`,
    what: target.label,
    files: result.files,
    raw: kilobytes(result.raw),
    minified: kilobytes(result.minified),
    gzip: kilobytes(result.gzip),
    brotli: kilobytes(result.brotli),
    "gzip budget": target.gzipBudget === undefined ? "-" : `${kilobytes(target.gzipBudget)} ${overBudget ? "OVER" : "ok"}`,
    imports: result.packages.join(" ") || "-",
  };
});

console.table(rows);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
