import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cdnAddressPattern, integrityLine, releasedIntegrity, stampChangelog, stampReadme } from "../../build/release-notes.ts";

const root = resolve(import.meta.dirname, "../..");
const readme = readFileSync(resolve(root, "README.md"), "utf8");
const changelog = readFileSync(resolve(root, "CHANGELOG.md"), "utf8");
const { version } = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as { version: string };

describe("the release a site pins", () => {
  it("is the package's version in the README's script tag, with the integrity its changelog entry gives", () => {
    expect(cdnAddressPattern.exec(readme)?.[1]).toBe(version);
    const integrity = releasedIntegrity(changelog, version);
    expect(integrity).toMatch(/^sha384-[\w+/]{64}$/);
    expect(readme).toContain(`integrity="${integrity}"`);
    expect(readme).toMatch(/integrity="sha384-[\w+/=]+"\s+crossorigin="anonymous"/);
  });

  it("is listed under the changelog's Unreleased section, newest first", () => {
    const headings = [...changelog.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading);
    expect(headings[0]).toBe("Unreleased");
    expect(headings[1]).toMatch(new RegExp(`^${version.replace(/\./g, "\\.")} — \\d{4}-\\d{2}-\\d{2}$`));
  });
});

describe("stamping a release", () => {
  const notes = "# Changelog\n\n## Unreleased\n\n- A change.\n\n## 1.0.0 — 2026-01-01\n\n" + integrityLine("sha384-old") + "\n";
  const tag =
    '<script src="https://cdn.jsdelivr.net/npm/cap-chat@1.0.0/dist/cap-chat.js"\n        integrity="sha384-old"\n        crossorigin="anonymous"></script>';

  it("makes Unreleased the new version's section, with its integrity, under a new Unreleased", () => {
    const stamped = stampChangelog(notes, "1.1.0", "sha384-new", "2026-02-02");
    expect(stamped).toContain(`## Unreleased\n\n## 1.1.0 — 2026-02-02\n\n${integrityLine("sha384-new")}\n\n- A change.`);
    expect(releasedIntegrity(stamped, "1.1.0")).toBe("sha384-new");
    expect(releasedIntegrity(stamped, "1.0.0")).toBe("sha384-old");
  });

  it("gives a version stamped again its new integrity, and nothing else", () => {
    const stamped = stampChangelog(notes, "1.0.0", "sha384-rebuilt", "2026-03-03");
    expect(stamped).toBe(notes.replace("sha384-old", "sha384-rebuilt"));
  });

  it("writes the version and the integrity into the README's script tag", () => {
    expect(stampReadme(tag, "1.1.0", "sha384-new")).toBe(tag.replace("1.0.0", "1.1.0").replace("sha384-old", "sha384-new"));
    expect(() => stampReadme("no tag", "1.1.0", "sha384-new")).toThrow("no versioned CDN script tag");
    expect(() => stampChangelog("# Changelog\n", "1.1.0", "sha384-new", "2026-02-02")).toThrow("no `## Unreleased`");
  });
});
