import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Attachment } from "../../../src/protocol/index.ts";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";
import { loadExtrasFile } from "../support/extras-file.ts";
import { renderWidget } from "../support/render-widget.ts";
import { showMarkdown } from "./show-markdown.tsx";

beforeAll(loadExtrasFile);

afterEach(() => {
  document.body.innerHTML = "";
});

/** `раураl.com`: Cyrillic р, а, у, р, а with a Latin l, which reads as paypal.com. */
const LOOKALIKE = "\u0440\u0430\u0443\u0440\u0430l.com";
const LOOKALIKE_PUNYCODE = new URL(`https://${LOOKALIKE}`).hostname;

const onlyLink = (text: string): HTMLAnchorElement => {
  const links = showMarkdown(text).querySelectorAll("a");
  expect(links).toHaveLength(1);
  return links[0]!;
};

describe("a link shows where it leads", () => {
  test("link text that reads as another host's address is followed by the real host, in punycode when it mixes scripts", () => {
    const link = onlyLink(`[https://paypal.com](https://${LOOKALIKE}/login)`);
    expect(LOOKALIKE_PUNYCODE).toMatch(/^xn--/);
    expect(link.getAttribute("href")).toBe(`https://${LOOKALIKE_PUNYCODE}/login`);
    expect(link.textContent).toBe(`https://paypal.com (${LOOKALIKE_PUNYCODE})`);
    // Each part is isolated, so no bidirectional control can move the host into the text or out of view.
    expect([...link.children].map((child) => child.tagName)).toEqual(["BDI", "BDI"]);
  });

  test.each([
    ["another host", "[docs.example.com](https://example.com/docs)", "example.com"],
    ["a host that only starts like it", "[example.com](https://example.com.evil.example)", "example.com.evil.example"],
    ["a mail address elsewhere", "[support@example.com](mailto:help@evil.example)", "evil.example"],
    ["a lookalike of its own host", `[${LOOKALIKE}](https://${LOOKALIKE})`, LOOKALIKE_PUNYCODE],
    ["bidirectional controls", "[\u202emoc.elpmaxe//:sptth](https://evil.example)", "evil.example"],
  ])("text naming %s shows the real host", (_name, markdown, host) => {
    expect(onlyLink(markdown).lastElementChild?.textContent).toBe(`(${host})`);
  });

  test.each([
    ["words", "[the guide](https://evil.example/guide)"],
    ["its own host", "[example.com/help](https://example.com/help)"],
    ["its own domain, on a subdomain", "[example.com](https://www.example.com/help)"],
    ["its own mail domain", "[help@example.com](mailto:help@example.com)"],
    ["its own host in another script, not mixed", "[пример.рф](https://пример.рф/)"],
  ])("text of %s is shown as written", (_name, markdown) => {
    const link = onlyLink(markdown);
    expect(link.children).toHaveLength(0);
    expect(link.textContent).toBe(/\[([^\]]*)\]/.exec(markdown)![1]);
  });

  test("a bare or bracketed URL whose host mixes scripts shows it in punycode; a plain one as written", () => {
    const host = showMarkdown(`Go to https://${LOOKALIKE}/pay, <https://${LOOKALIKE}> or https://пример.рф/`);
    expect([...host.querySelectorAll("a")].map((link) => link.textContent)).toEqual([
      `https://${LOOKALIKE_PUNYCODE}/pay`,
      `https://${LOOKALIKE_PUNYCODE}`,
      "https://пример.рф/",
    ]);
  });
});

describe("attachments", () => {
  const attachment = (changes: Partial<Attachment>): Attachment => ({
    title: "Receipt",
    preview_image_url: "",
    content_url: "https://example.com/receipt",
    content_type: "ATTACHMENT_CONTENT_TYPE_URL",
    call_to_action_text: "",
    ...changes,
  });
  const show = (attachments: Attachment[]) =>
    renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "See", { attachments })] })).root;

  test("images load without the page's address", () => {
    const root = show([attachment({ content_type: "ATTACHMENT_CONTENT_TYPE_IMAGE", content_url: "https://cdn.example.com/a.png" })]);
    expect(root.querySelector("img")?.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  test("only http(s) addresses become images: a mailto preview never does", () => {
    const root = show([
      attachment({ content_type: "ATTACHMENT_CONTENT_TYPE_IMAGE", content_url: "mailto:someone@example.com" }),
      attachment({
        preview_image_url: "mailto:someone@example.com",
        content_url: "mailto:someone@example.com",
        call_to_action_text: "Write",
      }),
    ]);
    expect(root.querySelectorAll("img")).toHaveLength(0);
    expect(root.querySelector("[part=attachment] a")?.getAttribute("href")).toBe("mailto:someone@example.com");
  });

  test("a card's link text that names another host shows the real one", () => {
    const root = show([attachment({ call_to_action_text: "https://paypal.com", content_url: `https://${LOOKALIKE}/` })]);
    expect(root.querySelector("[part=attachment] a")?.textContent).toBe(`https://paypal.com (${LOOKALIKE_PUNYCODE})`);
  });
});
