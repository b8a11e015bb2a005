/**
 * Measures built files: the bytes on disk, minified (the npm entries keep whitespace, as Vite's library
 * mode does, so they are minified here the way an app's bundler would; files that ship minified are
 * measured as they are), gzip (level 9) and brotli (quality 11). Each file is compressed on its own, as
 * each is a request of its own, and a set of files counts the sum.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minifySync } from "vite";

export const distRoot = resolve(import.meta.dirname, "../../../dist");

/** Sizes in bytes of one file or the sum over several. */
export interface Sizes {
  raw: number;
  minified: number;
  gzip: number;
  brotli: number;
}

const staticImportPattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;
const dynamicImportPattern = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Files of `root` matching `pattern`, a path relative to `root` whose last part may hold `*` (any
 * characters but `/`), as content-hashed names need; sorted, relative to `root`, with `/` separators.
 */
export function matchFiles(root: string, pattern: string): string[] {
  const folder = dirname(pattern);
  const name = new RegExp(
    `^${pattern
      .slice(folder === "." ? 0 : folder.length + 1)
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")}$`,
  );
  let entries: string[];
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => name.test(entry))
    .map((entry) => (folder === "." ? entry : `${folder}/${entry}`))
    .sort();
}

/**
 * `files` (relative to `root`) and every file they import, transitively: statically only, or with
 * dynamic imports too. Also returns the bare specifiers (packages) imported from outside.
 */
export function moduleGraph(root: string, files: readonly string[], includeDynamic = false): { files: string[]; packages: string[] } {
  const found: string[] = [];
  const packages = new Set<string>();
  const pending = files.map((file) => resolve(root, file));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (found.includes(file)) continue;
    found.push(file);
    const code = readFileSync(file, "utf8");
    for (const pattern of includeDynamic ? [staticImportPattern, dynamicImportPattern] : [staticImportPattern]) {
      for (const match of code.matchAll(pattern)) {
        const specifier = (match[1] ?? match[2])!;
        if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
        else packages.add(specifier);
      }
    }
  }
  return { files: found.map((file) => relative(root, file).split(sep).join("/")).sort(), packages: [...packages].sort() };
}

/** Sizes of `files` (relative to `root`), summed; `minify` minifies each first, as a bundler would. */
export function measureFiles(root: string, files: readonly string[], minify: boolean): Sizes {
  const total: Sizes = { raw: 0, minified: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const code = readFileSync(resolve(root, file), "utf8");
    let shipped = code;
    if (minify) {
      const result = minifySync(file, code, { module: true });
      if (result.errors.length > 0) throw new Error(`Cannot minify ${file}: ${result.errors[0]?.message}`);
      shipped = result.code;
    }
    const bytes = Buffer.from(shipped);
    total.raw += Buffer.byteLength(code);
    total.minified += bytes.byteLength;
    total.gzip += gzipSync(bytes, { level: 9 }).byteLength;
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  }
  return total;
}
