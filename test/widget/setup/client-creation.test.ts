import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChatClient } from "../../../src/index.ts";
import { mountChat } from "../../../src/widget/index.ts";
import { loadLocale } from "../../../src/widget/locales/index.ts";
import { FakeChatClient } from "../support/fake-chat-client.ts";

vi.mock("../../../src/index.ts", () => ({ createChatClient: vi.fn(() => new FakeChatClient()) }));

const created = () => vi.mocked(createChatClient).mock.results.map((result) => result.value as FakeChatClient);

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(createChatClient).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the widget's own client", () => {
  it("is created from the options and started", () => {
    const options = { messagingUrl: "https://us-1.example.com", connectorToken: "connector", headerTitle: "Help", start: "load" } as const;
    const controller = mountChat(document.body, options);
    expect(vi.mocked(createChatClient).mock.calls).toEqual([[options]]);
    expect(controller.client).toBe(created()[0]);
    expect(created()[0]?.callsOf("start")).toEqual([[]]);
  });

  it("is replaced when a connection option changes, with the merged options", async () => {
    const controller = mountChat(document.body, { messagingUrl: "https://us-1.example.com", chatHeaders: { "X-Site": "a" } });
    await act(() => controller.update({ messagingUrl: "https://uk-1.example.com" }));
    const [first, second] = created();
    expect(first?.callsOf("destroy")).toEqual([[]]);
    expect(controller.client).toBe(second);
    expect(vi.mocked(createChatClient).mock.calls[1]).toEqual([
      { messagingUrl: "https://uk-1.example.com", chatHeaders: { "X-Site": "a" } },
    ]);
  });

  it("is kept when update repeats the same connection options", async () => {
    const controller = mountChat(document.body, { messagingUrl: "https://us-1.example.com", chatHeaders: { "X-Site": "a" } });
    await act(() => controller.update({ messagingUrl: "https://us-1.example.com", chatHeaders: { "X-Site": "a" }, headerTitle: "Other" }));
    expect(created()).toHaveLength(1);
  });

  it("reaches a relative messaging or chat URL on the page's own origin, also after an update", async () => {
    const origin = new URL(document.baseURI).origin;
    const controller = mountChat(document.body, { messagingUrl: "/", chatUrl: "/cap-chat/chat/" });
    await act(() => controller.update({ messagingUrl: "/platform" }));
    expect(vi.mocked(createChatClient).mock.calls).toEqual([
      [{ messagingUrl: origin, chatUrl: `${origin}/cap-chat/chat` }],
      [{ messagingUrl: `${origin}/platform`, chatUrl: `${origin}/cap-chat/chat` }],
    ]);
  });

  it("changes nothing for options given again with the values they have, as <cap-chat> gives them all", async () => {
    await loadLocale("fr");
    const controller = mountChat(document.body, { messagingUrl: "https://us-1.example.com", locale: "en" });
    const client = controller.client as FakeChatClient;
    await act(() => client.emit("language", "fr"));
    await act(() => controller.update({ messagingUrl: "https://us-1.example.com", locale: "en", headerTitle: "Help" }));
    expect(controller.client).toBe(client);
    // The platform's switch to French stands: the locale option did not change.
    expect(document.body.querySelector("cap-chat-host")?.shadowRoot?.querySelector(".root")?.getAttribute("lang")).toBe("fr");
  });

  it("takes tokenUrl and chatUrl from companionUrl, unless given, and again from a new companionUrl", async () => {
    const origin = new URL(document.baseURI).origin;
    const controller = mountChat(document.body, { messagingUrl: "https://us-1.example.com", companionUrl: "/support/" });
    await act(() => controller.update({ companionUrl: "https://site.example.com/cap-chat", chatUrl: "/own/chat" }));
    expect(vi.mocked(createChatClient).mock.calls).toEqual([
      [
        {
          messagingUrl: "https://us-1.example.com",
          companionUrl: "/support/",
          tokenUrl: "/support/access-token",
          chatUrl: "/support/chat",
        },
      ],
      [
        {
          messagingUrl: "https://us-1.example.com",
          companionUrl: "https://site.example.com/cap-chat",
          tokenUrl: "https://site.example.com/cap-chat/access-token",
          chatUrl: `${origin}/own/chat`,
        },
      ],
    ]);
  });

  it("replaces an injected client with a created one when connection options change", async () => {
    const injected = new FakeChatClient();
    const controller = mountChat(document.body, { client: injected });
    await act(() => controller.update({ transport: "chat", chatUrl: "https://site.example.com/chat" }));
    expect(injected.callsOf("destroy")).toEqual([[]]);
    expect(vi.mocked(createChatClient).mock.calls).toEqual([[{ transport: "chat", chatUrl: "https://site.example.com/chat" }]]);
  });
});
