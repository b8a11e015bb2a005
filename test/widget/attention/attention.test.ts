import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationAnswerKey } from "../../../src/widget/attention/local-memory.ts";
import type { WidgetOptions } from "../../../src/widget/index.ts";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

/** BroadcastChannel between the widgets of one test, as between the tabs of a browser: delivered a task later. */
class LinkedChannel {
  static open: LinkedChannel[] = [];
  /** Milliseconds a message takes to another tab: more than a claim waits, for a busy or throttled tab. */
  static delay = 1;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly name: string) {
    LinkedChannel.open.push(this);
  }
  postMessage(data: unknown): void {
    for (const other of LinkedChannel.open)
      if (other !== this && other.name === this.name)
        setTimeout(() => other.onmessage?.({ data: structuredClone(data) }), LinkedChannel.delay);
  }
  close(): void {
    LinkedChannel.open = LinkedChannel.open.filter((channel) => channel !== this);
  }
}

let hidden = false;
/** Hides or shows the page, as switching tabs does. */
function setHidden(value: boolean): void {
  hidden = value;
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Counts the tones the widgets play, through a stand-in for Web Audio. */
const tones = { played: 0 };
class CountingAudioContext {
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createGain = () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next: unknown) => next });
  createOscillator = () => ({
    frequency: { setValueAtTime() {} },
    connect: (next: unknown) => next,
    start: () => void tones.played++,
    stop() {},
  });
}

/** A stand-in for browser notifications that records what was shown and what was asked. */
const notifications = { shown: [] as { title: string; body: string }[], asked: 0, answer: "granted" as NotificationPermission };
class RecordingNotification {
  static permission: NotificationPermission = "default";
  static requestPermission = () => {
    notifications.asked++;
    RecordingNotification.permission = notifications.answer;
    return Promise.resolve(notifications.answer);
  };
  onclick: (() => void) | null = null;
  constructor(title: string, options: { body: string }) {
    notifications.shown.push({ title, body: options.body });
  }
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  vi.spyOn(document, "hasFocus").mockImplementation(() => !hidden);
  vi.stubGlobal("BroadcastChannel", LinkedChannel);
  vi.stubGlobal("AudioContext", CountingAudioContext);
  vi.stubGlobal("Notification", RecordingNotification);
  Object.defineProperty(navigator, "userActivation", { configurable: true, value: { hasBeenActive: true } });
  tones.played = 0;
  notifications.shown = [];
  notifications.asked = 0;
  notifications.answer = "granted";
  RecordingNotification.permission = "default";
  localStorage.clear();
  document.title = "Harbour Supplies";
});
/** The widgets a test mounted: destroyed after it, so the page's title starts over. */
const mounted: { destroy(): void }[] = [];

afterEach(() => {
  for (const controller of mounted.splice(0)) controller.destroy();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  LinkedChannel.open = [];
  LinkedChannel.delay = 1;
  document.body.innerHTML = "";
});

/** A widget whose `cap-chat:unread` counts are recorded. */
function watchedWidget(options: Partial<WidgetOptions> = {}, snapshot = createSnapshot()) {
  const widget = renderWidget(options, snapshot);
  mounted.push(widget.controller);
  const counts: number[] = [];
  widget.controller.on("cap-chat:unread", ({ count }) => counts.push(count));
  return { ...widget, counts };
}

/** Lets the alerts' file load, the other tabs hear, and a claim settle. */
async function settleAlerts(): Promise<void> {
  await act(async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(1000);
  });
}

const reply = (id: string, text = "Here is your answer.") => agentMessage(id, text, { author: { name: "Ava" } });

describe("the page title and cap-chat:unread", () => {
  it("count replies unseen while the page is hidden, and give the site's title back exactly once the visitor looks", async () => {
    const { update, controller, counts } = watchedWidget({ open: true });
    setHidden(true);
    await update({ messages: [reply("a1")] });
    await update({ messages: [reply("a1"), reply("a2")] });
    expect(document.title).toBe("(2) Harbour Supplies");
    await act(() => setHidden(false));
    expect(document.title).toBe("Harbour Supplies");
    expect(counts).toEqual([1, 2, 0]);
    controller.destroy();
    expect(document.title).toBe("Harbour Supplies");
  });

  it("count replies while the floating panel is closed, until it opens", async () => {
    const { update, controller, counts } = watchedWidget();
    await update({ messages: [reply("a1")] });
    expect(document.title).toBe("(1) Harbour Supplies");
    await act(() => controller.open());
    expect([document.title, counts]).toEqual(["Harbour Supplies", [1, 0]]);
  });

  it("leave a title the site set meanwhile as the site wrote it, with the count before it while one is due", async () => {
    const { update, controller } = watchedWidget();
    await update({ messages: [reply("a1")] });
    document.title = "Pricing · Harbour Supplies";
    await update({ messages: [reply("a1"), reply("a2")] });
    expect(document.title).toBe("(2) Pricing · Harbour Supplies");
    document.title = "Contact · Harbour Supplies";
    await act(() => controller.open());
    expect(document.title).toBe("Contact · Harbour Supplies");
  });

  it("add up the counts of two widgets of the page", async () => {
    const first = watchedWidget({ id: "sales" });
    const second = watchedWidget({ id: "support" });
    await first.update({ messages: [reply("a1")] });
    await second.update({ messages: [reply("b1"), reply("b2")] });
    expect(document.title).toBe("(3) Harbour Supplies");
    await act(() => second.controller.open());
    expect(document.title).toBe("(1) Harbour Supplies");
  });

  it("with notify none, count and report replies but leave the title alone", async () => {
    const { update, counts } = watchedWidget({ notify: "none" });
    await update({ messages: [reply("a1")] });
    expect([document.title, counts]).toEqual(["Harbour Supplies", [1]]);
  });

  it("count no reply the visitor reads in another tab of the same conversation, and clear them everywhere once read", async () => {
    const reading = watchedWidget({ open: true });
    const away = watchedWidget();
    await reading.update({ messages: [reply("a1")] });
    await away.update({ messages: [reply("a1")] });
    await settleAlerts();
    expect(away.counts).toEqual([]);
    await act(() => reading.controller.close());
    await reading.update({ messages: [reply("a1"), reply("a2")] });
    await away.update({ messages: [reply("a1"), reply("a2")] });
    expect([reading.counts.at(-1), away.counts.at(-1)]).toEqual([1, 1]);
    await act(() => reading.controller.open());
    await settleAlerts();
    expect([reading.counts.at(-1), away.counts.at(-1)]).toEqual([0, 0]);
  });
});

describe("notify: sound", () => {
  it("plays one tone per reply in the browser, from one tab of two, and none for a reply the visitor reads", async () => {
    const first = watchedWidget({ notify: "sound" });
    const second = watchedWidget({ notify: "sound" });
    await settleAlerts();
    setHidden(true);
    // Both tabs learn of the reply at once, and both claim it.
    first.client.set({ messages: [reply("a1")] });
    second.client.set({ messages: [reply("a1")] });
    await settleAlerts();
    expect(tones.played).toBe(1);
    // A tab that learns of it later hears it was alerted for.
    const third = watchedWidget({ notify: "sound" });
    await settleAlerts();
    await third.update({ messages: [reply("a1")] });
    await settleAlerts();
    expect(tones.played).toBe(1);
    setHidden(false);
    await act(() => first.controller.open());
    for (const tab of [first, second, third]) tab.client.set({ messages: [reply("a1"), reply("a2")] });
    await settleAlerts();
    expect(tones.played).toBe(1);
  });

  it("settles on one tab by the tabs' claims alone, where the browser keeps nothing", async () => {
    const refuse = () => {
      throw new DOMException("refused", "SecurityError");
    };
    vi.stubGlobal("localStorage", { getItem: refuse, setItem: refuse });
    const tabs = [watchedWidget({ notify: "sound" }), watchedWidget({ notify: "sound" }), watchedWidget({ notify: "sound" })];
    await settleAlerts();
    setHidden(true);
    for (const tab of tabs) tab.client.set({ messages: [reply("a1")] });
    await settleAlerts();
    expect(tones.played).toBe(1);
  });

  it("plays one tone from one tab where the browser has Web Locks, though the tabs hear each other's claims late and keep nothing", async () => {
    // Web Locks as a browser shares them between its tabs: a lock asked for `ifAvailable` while another tab holds it is refused.
    const held = new Set<string>();
    const request = (name: string, _options: { ifAvailable: true }, use: (lock: { name: string } | null) => unknown) => {
      if (held.has(name)) return Promise.resolve(use(null));
      held.add(name);
      return Promise.resolve(use({ name })).finally(() => held.delete(name));
    };
    Object.defineProperty(navigator, "locks", { configurable: true, value: { request } });
    const refuse = () => {
      throw new DOMException("refused", "SecurityError");
    };
    vi.stubGlobal("localStorage", { getItem: refuse, setItem: refuse });
    try {
      const tabs = [watchedWidget({ notify: "sound" }), watchedWidget({ notify: "sound" })];
      await settleAlerts();
      LinkedChannel.delay = 2000;
      setHidden(true);
      for (const tab of tabs) tab.client.set({ messages: [reply("a1")] });
      await settleAlerts();
      await settleAlerts();
      expect(tones.played).toBe(1);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });
});

describe("notify: system", () => {
  const handoff = { handoff: { phase: "queued" as const, position: 2 } };
  const offer = (root: ShadowRoot) => [...root.querySelectorAll(".banner")].find((banner) => banner.textContent?.includes("notification"));
  const liveReply = (id: string) => agentMessage(id, "Hi, **Sam** here.", { role: "live-agent", author: { name: "Sam" } });

  it("offers notifications during a handoff, asks the browser only on the visitor's yes, and notifies of a live agent's reply", async () => {
    const { root, screen, update } = watchedWidget({ notify: "system", open: true });
    await settleAlerts();
    expect(offer(root)).toBeUndefined();
    await update(handoff);
    expect(offer(root)).toBeDefined();
    expect(notifications.asked).toBe(0);
    await act(async () => screen.getByRole("button", { name: "Notify me" }).click());
    expect([notifications.asked, localStorage.getItem(notificationAnswerKey), offer(root)]).toEqual([1, "on", undefined]);
    setHidden(true);
    await update({ messages: [agentMessage("a1", "Still here")] });
    await update({ messages: [agentMessage("a1", "Still here"), liveReply("l1")] });
    await settleAlerts();
    expect(notifications.shown).toEqual([{ title: "Sam", body: "Hi, Sam here." }]);
  });

  it("remembers a no, and never asks or offers again", async () => {
    const first = watchedWidget({ notify: "system", open: true });
    await settleAlerts();
    await first.update(handoff);
    await act(async () => first.screen.getByRole("button", { name: "No thanks" }).click());
    expect([offer(first.root), localStorage.getItem(notificationAnswerKey), notifications.asked]).toEqual([undefined, "off", 0]);
    first.controller.destroy();
    const second = watchedWidget({ notify: "system", open: true }, createSnapshot(handoff));
    await settleAlerts();
    expect(offer(second.root)).toBeUndefined();
    setHidden(true);
    await second.update({ messages: [liveReply("l1")] });
    await settleAlerts();
    expect(notifications.shown).toEqual([]);
  });

  it("takes the browser's refusal as the answer", async () => {
    notifications.answer = "denied";
    const { root, screen, update } = watchedWidget({ notify: "system", open: true });
    await settleAlerts();
    await update(handoff);
    await act(async () => screen.getByRole("button", { name: "Notify me" }).click());
    expect([notifications.asked, localStorage.getItem(notificationAnswerKey), offer(root)]).toEqual([1, "off", undefined]);
  });
});

describe("the prompt command", () => {
  it("shows the site's line beside the closed launcher, opens the panel when clicked, and is never sent", async () => {
    const { root, client, controller, screen, settle } = watchedWidget();
    await act(() => controller.prompt("Questions about moorings? Ask us."));
    const prompt = root.querySelector("[part=prompt]");
    expect(prompt?.textContent).toBe("Questions about moorings? Ask us.");
    await act(() => (prompt!.querySelector("button") as HTMLButtonElement).click());
    await settle();
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(root.querySelector("[part=prompt]")).toBeNull();
    expect(client.callsOf("send")).toEqual([]);
    expect(root.querySelector("[part=log]")?.textContent).not.toContain("moorings");
  });

  it("is dismissed with its own button, which hands focus to the launcher, and is not shown while the panel is open", async () => {
    const { root, controller, screen } = watchedWidget();
    await act(() => controller.prompt("Need help?"));
    await act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    expect(root.querySelector("[part=prompt]")).toBeNull();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
    await act(() => controller.open());
    await act(() => controller.prompt("Need help?"));
    await act(() => controller.close());
    expect(root.querySelector("[part=prompt]")).toBeNull();
  });
});
