/**
 * What a release writes into the documents a site reads to pin it: the README's script tag, which names the
 * version and the integrity of its `cap-chat.js`, and CHANGELOG.md, whose `## Unreleased` section becomes the
 * release's, with the same integrity. Pure functions of the documents' text; stamp-release.ts applies them.
 */

/** The README's versioned CDN address of the loader. */
export const cdnAddressPattern = /https:\/\/cdn\.jsdelivr\.net\/npm\/cap-chat@([\w.-]+)\/dist\/cap-chat\.js/;

/** The README's script tag with the address and the integrity of `version`. */
export function stampReadme(readme: string, version: string, integrity: string): string {
  const tag = /(<script src=")https:\/\/cdn\.jsdelivr\.net\/npm\/cap-chat@[\w.-]+\/dist\/cap-chat\.js("\s+integrity=")sha384-[\w+/=]+(")/;
  if (!tag.test(readme)) throw new Error("README.md has no versioned CDN script tag to stamp");
  return readme.replace(tag, `$1https://cdn.jsdelivr.net/npm/cap-chat@${version}/dist/cap-chat.js$2${integrity}$3`);
}

/** The line of a release's section of CHANGELOG.md that gives its loader's integrity. */
export const integrityLine = (integrity: string): string =>
  `\`cap-chat.js\`: \`integrity="${integrity}"\` (every file's: \`dist/integrity.json\`)`;

/**
 * CHANGELOG.md with its `## Unreleased` section made the section of `version`, released on `date` with the
 * loader's `integrity`, under a new empty `## Unreleased`. Stamping a version that has its section already
 * gives it the new integrity, so a rebuilt release can be stamped again.
 */
export function stampChangelog(changelog: string, version: string, integrity: string, date: string): string {
  const released = new RegExp(`^## ${version.replace(/\./g, "\\.")} — .*\\n\\n\`cap-chat\\.js\`: .*$`, "m");
  if (released.test(changelog)) return changelog.replace(released, (section) => `${section.split("\n")[0]}\n\n${integrityLine(integrity)}`);
  if (!/^## Unreleased$/m.test(changelog)) throw new Error("CHANGELOG.md has no `## Unreleased` section to release");
  return changelog.replace(/^## Unreleased$/m, `## Unreleased\n\n## ${version} — ${date}\n\n${integrityLine(integrity)}`);
}

/** The integrity CHANGELOG.md gives `version`'s loader, if it has released it. */
export function releasedIntegrity(changelog: string, version: string): string | undefined {
  const section = new RegExp(`^## ${version.replace(/\./g, "\\.")} — .*\\n\\n\`cap-chat\\.js\`: \`integrity="(sha384-[\\w+/=]+)"\``, "m");
  return section.exec(changelog)?.[1];
}
