import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getWidgetStyleSheet, mountChat, widgetStyles } from "../../src/widget/index.ts";
import { agentMessage, createSnapshot, FakeChatClient, userMessage } from "./support/fake-chat-client.ts";
import { renderWidget } from "./support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the widget's public contract", () => {
  it("names the launcher Open chat while closed and Close chat while open", async () => {
    const { screen, settle } = renderWidget();
    const launcher = screen.getByRole("button", { name: "Open chat" });
    expect(launcher.getAttribute("part")).toBe("launcher");
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    launcher.click();
    await settle();
    expect(screen.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("exposes the panel, log, input, send and end controls by their English names and parts", async () => {
    const { screen, settle } = renderWidget({ open: true });
    expect(screen.getByRole("dialog", { name: "Chat" }).getAttribute("part")).toBe("panel");
    expect(screen.getByRole("log", { name: "Conversation" }).getAttribute("part")).toBe("log");
    expect(screen.getByLabelText("Message").getAttribute("part")).toBe("input");
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("part")).toBe("send");
    screen.getByRole("button", { name: "More options" }).click();
    await settle();
    expect(screen.getByRole("menuitem", { name: "End conversation" }).getAttribute("part")).toBe("end");
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("Online");
  });

  it("marks header, status and composer with their parts", () => {
    const { root } = renderWidget({ open: true });
    expect(root.querySelector("[part=header]")).not.toBeNull();
    expect(root.querySelector("[part=status]")?.textContent).toBe("Online");
    expect(root.querySelector("form[part=composer]")).not.toBeNull();
  });

  it("gives every message its id and role parts, and user messages their delivery status", () => {
    const messages = [
      agentMessage("a1", "Hello"),
      userMessage("u1", "Hi", "sending"),
      userMessage("u2", "Are you there?", "sent"),
      userMessage("u3", "Hello?", "failed"),
      agentMessage("l1", "I am Sam", { role: "live-agent", author: { name: "Sam" } }),
    ];
    const { root } = renderWidget({ open: true }, createSnapshot({ messages }));
    const rendered = [...root.querySelectorAll("[data-message-id]")];
    expect(
      rendered.map((element) => [
        element.getAttribute("data-message-id"),
        element.getAttribute("part"),
        element.getAttribute("data-status"),
      ]),
    ).toEqual([
      ["a1", "message message-agent", null],
      ["u1", "message message-user", "sending"],
      ["u2", "message message-user", "sent"],
      ["u3", "message message-user", "failed"],
      ["l1", "message message-live-agent", null],
    ]);
  });

  it("renders into its own open shadow root with adopted stylesheets and no style elements or attributes", () => {
    const { host, root } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "**Hello**")] }));
    expect(host.shadowRoot).toBe(root);
    expect(host.localName).toBe("cap-chat-host");
    // The widget's rules, then the guard of its floating host.
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.querySelector("style")).toBeNull();
    expect(root.querySelector("[style]")).toBeNull();
    expect(document.head.querySelector("style")).toBeNull();
  });

  it("defines every theme property on the host with a dark scheme", () => {
    const { root } = renderWidget();
    expect(root.adoptedStyleSheets[0]).toBe(getWidgetStyleSheet());
    // The loader's sheet and the panel's each declare theirs: a light rule and a dark one each.
    const hostRules = widgetStyles.split("\n").filter((line) => line.includes(":host{"));
    const darkRules = hostRules.filter((rule) => rule.startsWith("@media"));
    expect([hostRules.length, darkRules.length]).toEqual([4, 2]);
    for (const name of ["accent", "background", "surface", "text", "muted", "radius", "font", "user-bubble", "agent-bubble"]) {
      expect(hostRules.join("")).toContain(`--cap-chat-${name}:`);
    }
    expect(darkRules[0]).toMatch(/^@media \(prefers-color-scheme:dark\)\{:host\{--cap-chat-accent:/);
    // The dark scheme switches theme properties only; every rule is shared by both schemes.
    for (const darkRule of darkRules) {
      expect(darkRule).toMatch(
        /^@media \(prefers-color-scheme:dark\)\{:host\{(--cap-chat-[a-z-]+:[^;{}]+;)*--cap-chat-[a-z-]+:[^;{}]+\}\}$/,
      );
    }
    expect(widgetStyles).toContain("@media (prefers-reduced-motion:reduce)");
  });

  it("renders straight into a given shadow root, as the custom element does", () => {
    const element = document.createElement("section");
    document.body.append(element);
    const shadow = element.attachShadow({ mode: "open" });
    const client = new FakeChatClient();
    const controller = mountChat(shadow, { client, mode: "inline" });
    expect(shadow.querySelector("[part=panel]")).not.toBeNull();
    expect(element.children).toHaveLength(0);
    controller.destroy();
    expect(shadow.querySelector("[part=panel]")).toBeNull();
  });

  it("starts the client when the panel first opens, and tells it of each later opening", async () => {
    const { client, controller } = renderWidget();
    expect(client.callsOf("start")).toEqual([]);
    await act(() => controller.open());
    expect(client.callsOf("start")).toEqual([[]]);
    await act(() => controller.open());
    await act(() => controller.close());
    await act(() => controller.open());
    expect(client.callsOf("start")).toEqual([[], []]);
  });
});
