import type { Plugin } from "vite";

/** The first line of every file the package ships: which package, which version, which licence. */
export const releaseBanner = (version: string): string => `/*! cap-chat ${version} | MIT */\n`;

/** `code` with {@link releaseBanner} as its first line, or its second after a `#!` line, which must stay first. */
export function withBanner(code: string, version: string): string {
  const shebang = /^#!.*\n/.exec(code)?.[0] ?? "";
  return shebang + releaseBanner(version) + code.slice(shebang.length);
}

/**
 * Puts {@link releaseBanner} at the top of every chunk of a build (see {@link withBanner}), as its last
 * change: a page, a CDN or a bundle that kept the comment tells which release a file comes from. Comes after
 * any plugin that prints the code again without comments, and before any that hashes the files.
 */
export const bannerPlugin = (version: string): Plugin => ({
  name: "cap-chat:release-banner",
  apply: "build",
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) if (output.type === "chunk") output.code = withBanner(output.code, version);
  },
});
