import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { integrityManifest, manifestName, type IntegrityManifest } from "../../build/integrity-manifest.ts";
import { releaseBanner } from "../../build/release-banner.ts";
import { integrityOf } from "../../build/subresource-integrity.ts";

const root = resolve(import.meta.dirname, "../..");
const distRoot = join(root, "dist");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const read = (path: string) => readFileSync(join(distRoot, path), "utf8");
let manifest: IntegrityManifest;

beforeAll(() => {
  if (!existsSync(join(distRoot, manifestName))) throw new Error("dist/ is not built: run `npm run build` first (npm test does)");
  manifest = JSON.parse(read(manifestName)) as IntegrityManifest;
});

describe("the built release", () => {
  it("lists in dist/integrity.json the SRI value of every shipped file, as the files are", () => {
    expect(manifest).toEqual(integrityManifest(distRoot, version));
    expect(Object.keys(manifest.files)).toContain("cap-chat.js");
    expect(Object.keys(manifest.files).some((path) => path.startsWith("demo/"))).toBe(false);
  });

  it("names the version in the first line of every shipped script and type declaration, the second after a #! line", () => {
    const unmarked = Object.keys(manifest.files).filter(
      (path) =>
        /\.(js|d\.ts)$/.test(path) &&
        !read(path)
          .replace(/^#!.*\n/, "")
          .startsWith(releaseBanner(version)),
    );
    expect(unmarked).toEqual([]);
    expect(read("server/cli.js").startsWith(`#!/usr/bin/env node\n${releaseBanner(version)}`)).toBe(true);
  });

  it("has the loader import the app only with the app's own hash, and say its version", () => {
    const app = readdirSync(distRoot).find((name) => /^cap-chat-app-[\w-]+\.js$/.test(name)) as string;
    const loader = read("cap-chat.js");
    expect(loader).toContain(`"${integrityOf(read(app))}"`);
    expect(loader).toContain(`.version="${version}"`);
  });

  it("has the app, the voice file and the lists of locales import each sibling with that sibling's hash", () => {
    const importers = readdirSync(distRoot).filter((name) =>
      /^cap-chat-(app|locale-files|voice|call-texts-locales)-[\w-]+\.js$/.test(name),
    );
    const imported = importers.flatMap((name) =>
      [...read(name).matchAll(/new URL\("\.\/([\w.-]+\.js)",import\.meta\.url\)\.href,"(sha256-[\w+/=]+)"\)/g)].map(([, file, hash]) => [
        file as string,
        hash,
      ]),
    );
    const siblings = readdirSync(distRoot).filter((name) => /^cap-chat-[\w-]+\.js$/.test(name) && !name.startsWith("cap-chat-app-"));
    expect(imported.map(([file]) => file).sort()).toEqual(siblings.sort());
    for (const [file, hash] of imported) expect(hash, file).toBe(integrityOf(read(file as string)));
    // No sibling is imported any other way.
    for (const name of importers) expect(read(name)).not.toMatch(/\bimport\("\.\//);
  });
});
