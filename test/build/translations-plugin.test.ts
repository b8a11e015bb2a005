import { describe, expect, it } from "vitest";
import { packTranslation } from "../../build/translations-plugin.ts";
import { unpack } from "../../src/widget/locales/index.ts";
import { localeFiles } from "../../src/widget/locales/locale-files.ts";
import type { LocaleStrings } from "../../src/widget/locales/locale-strings.ts";
import de from "../../src/widget/locales/translations/de.ts";

/** A copy of German changed by `change`, as a plain object the way a module's source gives it. */
const changed = (change: (copy: Record<string, any>) => void) => {
  const copy = JSON.parse(JSON.stringify(de));
  change(copy);
  return copy;
};

describe("packTranslation", () => {
  it("gives a page every locale exactly as its source wrote it", async () => {
    for (const [code, load] of Object.entries(localeFiles)) {
      const strings = (await load()).default as LocaleStrings;
      expect(unpack(packTranslation(JSON.parse(JSON.stringify(strings)), code) as never), code).toEqual(strings);
    }
  });

  it("fails the build naming the key a locale lacks", () => {
    expect(() =>
      packTranslation(
        changed((copy) => delete copy.status.offline),
        "de.ts",
      ),
    ).toThrow('de.ts lacks "status.offline", which en.ts has');
  });

  it("fails the build naming a key English has not", () => {
    expect(() =>
      packTranslation(
        changed((copy) => (copy.sendNow = "Jetzt senden")),
        "de.ts",
      ),
    ).toThrow('de.ts: "sendNow" is not a key of en.ts');
    expect(() =>
      packTranslation(
        changed((copy) => (copy.status.away = "Abwesend")),
        "de.ts",
      ),
    ).toThrow('"status.away" is not a key of en.ts');
  });

  it("fails the build on a text of the wrong kind", () => {
    expect(() =>
      packTranslation(
        changed((copy) => (copy.send = { other: "Senden" })),
        "de.ts",
      ),
    ).toThrow('"send" must be a text');
    expect(() =>
      packTranslation(
        changed((copy) => (copy.status = "Online")),
        "de.ts",
      ),
    ).toThrow('"status." must be a group');
  });
});
