/**
 * Measures the built deliveries in dist/: the bytes on disk, minified (the npm entries keep whitespace, as
 * Vite's library mode does, so they are minified here the way an app's bundler would; the script tag ships
 * minified and is measured as it ships), gzip (level 9) and
 * brotli (quality 11). An npm entry counts together with the chunks it imports: statically (what loading
 * it costs up front), and optionally the ones it imports on demand too (the Chat API fallback).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minifySync } from "vite";

export const distRoot = resolve(import.meta.dirname, "../../dist");

export interface BundleTarget {
  label: string;
  /** A file of dist/; a `*` in it stands for the content hash of a file the script tag loads on demand. */
  entry: string;
  /** Largest allowed gzip size in bytes of what the entry loads up front, if budgeted. */
  gzipBudget?: number;
  /** Whether importing a package (such as preact) from this entry is an error. */
  selfContained: boolean;
  /** Measured by itself: what it imports is the app, which has always loaded before it. */
  alone?: boolean;
}

/** The script tag's loader, built minified, as are the files it loads on demand (`cap-chat-*.js`). */
const scriptTagEntry = "cap-chat.js";

/** The deliveries, as vite.config.ts names them, with the budgets of the size issues. */
export const bundleTargets: readonly BundleTarget[] = [
  { label: "script tag loader", entry: scriptTagEntry, gzipBudget: 5_120, selfContained: true },
  { label: "script tag app, on open in English", entry: "cap-chat-app-*.js", gzipBudget: 30_720, selfContained: true },
  { label: "script tag French locale", entry: "cap-chat-fr-*.js", gzipBudget: 1_228, selfContained: true },
  { label: "script tag Arabic locale", entry: "cap-chat-ar-*.js", gzipBudget: 1_228, selfContained: true },
  { label: "script tag Chat API fallback", entry: "cap-chat-fallback-*.js", gzipBudget: 2_560, selfContained: true, alone: true },
  { label: "cap-chat (client only)", entry: "client.js", gzipBudget: 9_216, selfContained: true },
  { label: "cap-chat/widget (without Preact)", entry: "widget.js", selfContained: false },
  { label: "cap-chat/element (without Preact)", entry: "element.js", selfContained: false },
];

/** The file of dist/ that `entry` names, its `*` matched against the files there; undefined when none. */
export function builtFile(entry: string): string | undefined {
  if (!entry.includes("*")) return existsSync(resolve(distRoot, entry)) ? entry : undefined;
  const [before, after] = entry.split("*") as [string, string];
  if (!existsSync(distRoot)) return undefined;
  return readdirSync(distRoot).find((name) => name.startsWith(before) && name.endsWith(after) && !name.slice(before.length, -after.length).includes("-"));
}

export interface BundleMeasure {
  files: number;
  raw: number;
  minified: number;
  gzip: number;
  brotli: number;
  /** Packages imported from outside the bundle. */
  packages: string[];
}

const staticImportPattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;
const dynamicImportPattern = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Whether the entry has been built. */
export function isBuilt(entry: string): boolean {
  return builtFile(entry) !== undefined;
}

/** The entry and every file it imports, transitively, with the packages it imports from outside. */
function moduleGraph(entry: string, includeLazyChunks: boolean, alone: boolean): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [resolve(distRoot, builtFile(entry) ?? entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(file, "utf8");
    const patterns = includeLazyChunks ? [staticImportPattern, dynamicImportPattern] : [staticImportPattern];
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) {
        const specifier = (match[1] ?? match[2]) as string;
        if (alone) continue;
        if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
        else packages.add(specifier);
      }
    }
  }
  return { files, packages };
}

/** Measures one built entry (see the module comment). */
export function measureBundle(entry: string, includeLazyChunks = false, alone = false): BundleMeasure {
  const { files, packages } = moduleGraph(entry, includeLazyChunks, alone);
  let raw = 0;
  const minifiedParts: string[] = [];
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    raw += Buffer.byteLength(code);
    if (entry === scriptTagEntry || entry.startsWith("cap-chat-")) {
      minifiedParts.push(code);
      continue;
    }
    const result = minifySync(relative(distRoot, file), code, { module: true });
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
