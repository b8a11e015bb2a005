import { afterEach, describe, expect, it } from "vitest";
import { mountChat } from "../../src/embed/app.ts";
import { getLauncherStyleSheet, launcherStyles } from "../../src/widget/styles/launcher-styles.ts";
import { getPanelStyleSheet, panelStyles, widgetStyles } from "../../src/widget/styles/widget-styles.ts";
import { FakeChatClient } from "../widget/support/fake-chat-client.ts";

afterEach(() => {
  document.body.replaceChildren();
});

describe("the script tag's app", () => {
  it("adopts the loader's launcher sheet and then the panel's, which together are the widget's stylesheet", () => {
    const root = document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
    const controller = mountChat(root, { client: new FakeChatClient() }, getLauncherStyleSheet());
    expect(root.adoptedStyleSheets.slice(0, 2)).toEqual([getLauncherStyleSheet(), getPanelStyleSheet()]);
    expect(root.adoptedStyleSheets.every(Boolean)).toBe(true);
    expect(widgetStyles).toBe(launcherStyles + panelStyles);
    controller.destroy();
  });
});
