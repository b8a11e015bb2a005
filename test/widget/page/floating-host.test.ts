import { afterEach, describe, expect, it } from "vitest";
import { guardFloatingHost } from "../../../src/widget/page/floating-host.ts";
import { FakeChatClient } from "../support/fake-chat-client.ts";
import { mountChat } from "../../../src/widget/index.ts";

/** The rules of the sheet `root` adopted last, as text. */
const lastSheetText = (root: ShadowRoot) =>
  [...(root.adoptedStyleSheets.at(-1)?.cssRules ?? [])].map((rule) => rule.cssText.replace(/\s+/g, "")).join("");

afterEach(() => {
  document.body.replaceChildren();
});

describe("the floating host's guard", () => {
  it("gives the host no box while the widget floats, and lets the page lay it out while it sits inline", () => {
    const root = document.body.appendChild(document.createElement("cap-chat-host")).attachShadow({ mode: "open" });
    const guard = guardFloatingHost(root);
    guard.floats(true);
    expect(lastSheetText(root)).toBe(":host{display:contents!important;}");
    guard.floats(false);
    expect(lastSheetText(root)).toBe("");
    guard.remove();
    expect(root.adoptedStyleSheets).toEqual([]);
  });

  it("follows the widget's mode, and goes with the widget", () => {
    const container = document.body.appendChild(document.createElement("div"));
    const controller = mountChat(container, { client: new FakeChatClient(), mode: "inline" });
    const root = container.querySelector("cap-chat-host")!.shadowRoot!;
    expect(lastSheetText(root)).toBe("");
    controller.update({ mode: "floating" });
    expect(lastSheetText(root)).toBe(":host{display:contents!important;}");
    controller.update({ mode: "fullscreen" });
    expect(lastSheetText(root)).toBe(":host{display:contents!important;}");
    controller.destroy();
    expect(container.children).toHaveLength(0);
  });
});
