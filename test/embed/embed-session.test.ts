import { describe, expect, it, vi } from "vitest";
import { createEmbedSession, fullEventName } from "../../src/embed/embed-session.ts";
import type { WidgetOptions } from "../../src/widget/index.ts";
import { createFakeController, type FakeController } from "./fake-controller.ts";

function setup(defaults: Partial<WidgetOptions> = {}) {
  const mounted: FakeController[] = [];
  const session = createEmbedSession({
    defaults,
    mount: (options) => {
      const fake = createFakeController(options);
      mounted.push(fake);
      return fake.controller;
    },
  });
  return { session, mounted };
}

describe("createEmbedSession", () => {
  it("mounts nothing before boot", () => {
    const { session, mounted } = setup();
    session.open();
    expect(mounted).toEqual([]);
    expect(session.controller).toBeNull();
  });

  it("merges boot options over the script tag's defaults", () => {
    const { session, mounted } = setup({ messagingUrl: "https://us-1.example.com", headerTitle: "Chat" });
    session.boot({ headerTitle: "Support", open: true });
    expect(mounted[0]?.options).toEqual({ messagingUrl: "https://us-1.example.com", headerTitle: "Support", open: true });
  });

  it("runs commands given before boot right after it, in order", () => {
    const { session, mounted } = setup();
    session.open();
    session.send("hello");
    session.toggle();
    session.boot({});
    expect(mounted[0]?.calls).toEqual([["open"], ["send", "hello"], ["toggle"]]);
  });

  it("runs commands at once after boot", () => {
    const { session, mounted } = setup();
    session.boot({});
    session.close();
    session.end();
    expect(mounted[0]?.calls).toEqual([["close"], ["end"]]);
  });

  it("replaces the widget on a second boot", () => {
    const { session, mounted } = setup();
    session.boot({ headerTitle: "One" });
    session.boot({ headerTitle: "Two" });
    expect(mounted).toHaveLength(2);
    expect(mounted[0]?.destroyed).toBe(true);
    expect(session.controller).toBe(mounted[1]?.controller);
  });

  it("delivers events to listeners registered before boot, with or without the prefix", () => {
    const { session, mounted } = setup();
    const short = vi.fn();
    const full = vi.fn();
    session.on("message", short);
    session.on("cap-chat:message", full);
    session.boot({});
    mounted[0]?.emit("cap-chat:message", { text: "hi" });
    expect(short).toHaveBeenCalledWith({ text: "hi" });
    expect(full).toHaveBeenCalledWith({ text: "hi" });
  });

  it("keeps listeners across destroy and a new boot", () => {
    const { session, mounted } = setup();
    const listener = vi.fn();
    session.boot({});
    session.on("cap-chat:open", listener);
    session.destroy();
    mounted[0]?.emit("cap-chat:open", null);
    expect(listener).not.toHaveBeenCalled();
    session.boot({});
    mounted[1]?.emit("cap-chat:open", null);
    mounted[0]?.emit("cap-chat:open", null);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("stops delivering after off or the remover returned by on", () => {
    const { session, mounted } = setup();
    const first = vi.fn();
    const second = vi.fn();
    session.boot({});
    session.on("cap-chat:close", first);
    const remove = session.on("close", second);
    session.off("close", first);
    remove();
    mounted[0]?.emit("cap-chat:close", null);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it("registers the same listener for an event only once", () => {
    const { session, mounted } = setup();
    const listener = vi.fn();
    session.boot({});
    session.on("open", listener);
    session.on("cap-chat:open", listener);
    mounted[0]?.emit("cap-chat:open", null);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("drops commands waiting for boot when destroyed", () => {
    const { session, mounted } = setup();
    session.send("never");
    session.destroy();
    session.boot({});
    expect(mounted[0]?.calls).toEqual([]);
  });

  it("remembers that it was booted, also after destroy", () => {
    const { session } = setup();
    expect(session.booted).toBe(false);
    session.boot({});
    session.destroy();
    expect(session.booted).toBe(true);
  });

  it("destroys the mounted widget on destroy", () => {
    const { session, mounted } = setup();
    session.boot({});
    session.destroy();
    expect(mounted[0]?.destroyed).toBe(true);
    expect(session.controller).toBeNull();
  });
});

describe("fullEventName", () => {
  it("adds the cap-chat: prefix only when it is missing", () => {
    expect(fullEventName("message")).toBe("cap-chat:message");
    expect(fullEventName("cap-chat:message")).toBe("cap-chat:message");
  });
});
