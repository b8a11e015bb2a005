import { localeFiles } from "../../src/widget/locales/locale-files.ts";
import type { SizeBudget } from "./size-check.ts";

/** Bytes in `count` KB; a KB is 1,024 bytes here, as in the README. */
const kb = (count: number): number => Math.round(count * 1024);

/** The code of each built-in locale but English, each of which is a file of its own. */
const localeCodes = Object.keys(localeFiles);

/**
 * The size budgets of the build, the one place that declares them: `npm run size` checks dist/ against
 * them (test/benchmark/size.ts), `npm test` runs it, and the benchmark reports the same figures. The
 * ceilings guard against regressions and fail the check; where a file is still above the size it is meant
 * to reach, its target says that size, and the check reports the gap without failing. The script tag is a small loader that imports the app, the locales other than
 * English and the Chat API fallback from content-hashed sibling files; the npm entries keep the app
 * statically importable and load only the locales and the fallback on demand. A budget whose patterns
 * match no file fails, so a renamed file must be renamed here too.
 */
export const sizeBudgets: readonly SizeBudget[] = [
  { name: "script tag: the loader", files: ["cap-chat.js"], gzipCeiling: kb(5), selfContained: true },
  {
    name: "script tag: the app as loaded on open, in English",
    files: ["cap-chat-app-*.js"],
    withStaticImports: true,
    // 35 KB, and what the hardening, tables, 27 languages, `strings`, the checked imports of its siblings and
    // the hook of `persist: "local"` with the `earlier` divider and `reset` cost it.
    gzipCeiling: 39_300,
    gzipTarget: kb(30),
    selfContained: true,
  },
  {
    name: "script tag: each extra locale",
    files: localeCodes.map((code) => `cap-chat-${code}-*.js`),
    each: true,
    gzipCeiling: kb(2),
    selfContained: true,
  },
  {
    // Mostly the SHA-256 of each locale, with which it imports them: bytes no compression shortens.
    name: "script tag: the list of locales, loaded with the first extra locale",
    files: ["cap-chat-locale-files-*.js"],
    gzipCeiling: kb(2),
    selfContained: true,
  },
  { name: "script tag: the Chat API fallback", files: ["cap-chat-fallback-*.js"], each: true, gzipCeiling: kb(2.5), selfContained: true },
  {
    // Imported by the app only for `persist: "local"` where the browser has a channel between tabs.
    name: "script tag: one conversation across tabs (persist: local)",
    files: ["cap-chat-shared-chat-client-*.js"],
    gzipCeiling: kb(3),
    selfContained: true,
  },
  {
    name: "npm: the client entry (cap-chat)",
    files: ["client.js"],
    withStaticImports: true,
    minify: true,
    // With the hook that imports the sharing across tabs, `reset`, and what taking a session over needs.
    gzipCeiling: 13_800,
    gzipTarget: kb(11),
    selfContained: true,
  },
  {
    name: "npm: each extra locale",
    files: localeCodes.map((code) => `chunks/${code}-*.js`),
    each: true,
    minify: true,
    gzipCeiling: kb(2),
  },
  { name: "npm: the list of locales", files: ["chunks/locale-files-*.js"], minify: true, gzipCeiling: kb(0.75) },
  {
    name: "npm: the Chat API fallback",
    files: ["chunks/chat-api-transport-*.js"],
    each: true,
    minify: true,
    gzipCeiling: kb(2.5),
    selfContained: true,
  },
  {
    name: "npm: one conversation across tabs (persist: local)",
    files: ["chunks/shared-chat-client-*.js"],
    minify: true,
    gzipCeiling: kb(3),
    selfContained: true,
  },
];
