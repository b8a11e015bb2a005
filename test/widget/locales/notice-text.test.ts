import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { errorCodes, noticeCodes, type ErrorCode } from "../../../src/transport/codes.ts";
import type { Notice } from "../../../src/transport/conversation.ts";
import { en } from "../../../src/widget/locales/en.ts";
import { setupErrorCodes } from "../../../src/widget/locales/locale-strings.ts";
import { loadLocale } from "../../../src/widget/locales/index.ts";
import { errorText, noticeText } from "../../../src/widget/locales/notice-text.ts";
import { renderWidget } from "../support/render-widget.ts";

beforeAll(async () => {
  await loadLocale("fr");
  await loadLocale("ar");
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** Parameters that every code's sentence may read. */
const parameters = { attempts: 3, limitBytes: 131072, option: "messagingUrl", host: "shop.example", request: "sessions", status: 401 };

/** Words of English sentences that no French sentence of the widget contains. */
const englishWords = /\b(the|please|could|was|were|your|with|this|has|have|again|sorry|too|set up|while|we)\b/i;

/** Every notice code as the widget shows it in `locale`, and every error code in its failure banner. */
async function shown(locale: string) {
  const time = Date.UTC(2026, 0, 5, 9, 30);
  const notices: Notice[] = noticeCodes.map((code) => ({ id: code, level: "info", code, parameters, time }));
  const { root, update } = renderWidget({ locale, open: true });
  await update({ notices });
  const noticeTexts = [...root.querySelectorAll("[part=notice]")].map((notice) => notice.textContent ?? "");
  const errorTexts: string[] = [];
  for (const code of errorCodes) {
    await update({ connection: { status: "failed", error: { kind: "configuration", code, parameters } } });
    errorTexts.push(root.querySelector("[role=alert]")?.textContent ?? "");
  }
  return { noticeTexts, errorTexts };
}

describe("notices and errors in the page's language", () => {
  it("show every notice and error code in English", async () => {
    const { noticeTexts, errorTexts } = await shown("en");
    expect(noticeTexts).toHaveLength(noticeCodes.length);
    expect(noticeTexts.every((text) => text.length > 0)).toBe(true);
    // A setup error names its code for the site's owner, with no "could not connect" before it.
    for (const [index, text] of errorTexts.entries()) {
      const code = errorCodes[index]!;
      if ((setupErrorCodes as readonly string[]).includes(code))
        expect(text).toMatch(new RegExp(`^The chat is not set up correctly\\. .*: ${code}( \\(.+\\))?\\.$`));
      else expect(text.startsWith(en.failedDetail) && text.length > en.failedDetail.length + 1, text).toBe(true);
    }
  });

  it.each(["fr", "ar"])("show no English text for any notice or error code under %s", async (locale) => {
    const english = await shown("en");
    const { noticeTexts, errorTexts } = await shown(locale);
    expect(noticeTexts).toHaveLength(noticeCodes.length);
    expect(errorTexts).toHaveLength(errorCodes.length);
    for (const [index, text] of [...noticeTexts, ...errorTexts].entries()) {
      expect(text).not.toBe([...english.noticeTexts, ...english.errorTexts][index]);
      // The code (and its parameter) a setup error names for the site's owner is the code as it is.
      const sentences = text.replace(/: [a-z][\w-]*( \([^)]*\))?\.$/, "");
      expect(sentences, text).not.toMatch(englishWords);
      // Arabic is written in its own script: no Latin letter belongs in its sentences.
      if (locale === "ar") expect(sentences, text).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe("noticeText and errorText", () => {
  it("fill in the parameters, a size in bytes as whole kilobytes", () => {
    expect(noticeText({ id: "n", level: "error", code: "message-too-large", parameters: { limitBytes: 131072 }, time: 0 }, en)).toBe(
      "This message is too long to send (128\u00a0KB at most).",
    );
    expect(errorText({ kind: "budget-exhausted", code: "reconnect-budget-spent", parameters: { attempts: 10 } }, en)).toBe(
      "We tried to reconnect 10 times.",
    );
  });

  it("show a server's text the client does not know as the server wrote it, and a fallback without one", () => {
    expect(noticeText({ id: "n", level: "info", code: "server-message", text: "Maintenance at noon.", time: 0 }, en)).toBe(
      "Maintenance at noon.",
    );
    expect(noticeText({ id: "n", level: "info", code: "server-message", time: 0 }, en)).toBe(en.notices["server-message"]);
    expect(noticeText({ id: "n", level: "warning", code: "server-busy", text: "Our system is experiencing high load.", time: 0 }, en)).toBe(
      en.notices["server-busy"],
    );
  });

  it("never fail on a code this version does not know", () => {
    expect(noticeText({ id: "n", level: "info", code: "from-the-future" as never, time: 0 }, en)).toBe(en.notices["server-message"]);
    expect(errorText({ kind: "protocol", code: "from-the-future" as ErrorCode }, en)).toBe(en.errors["connection-ended"]);
  });
});
