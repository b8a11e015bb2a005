import type { Page } from "@playwright/test";
import type { ChatController, WidgetEventName, WidgetOptions } from "../../src/widget/index.ts";

/**
 * How a delivery's page hears the widget's events: `<cap-chat>` dispatches bubbling, composed
 * CustomEvents that reach `document`; the script tag takes `CapChat("on", name, listener)`; the
 * single-page app holds the controller `mountChat` returned (`window.capChatDemo.controller`).
 */
export type EventSubscription = "document-event" | "command" | "controller";

/** One way of embedding the widget, as a demo page shows it. */
export interface Delivery {
  /** Appears in test names. */
  readonly name: string;
  /** The demo page, on the reference server. */
  readonly path: string;
  /** The element whose open shadow root holds the widget. */
  readonly host: string;
  readonly subscription: EventSubscription;
  /**
   * What the demo page answers, in the panel, to a client-managed handoff (`detail.respond`): the start of
   * its text and its link's name; null where the page leaves it unanswered.
   */
  readonly handoffAnswer: { readonly text: string; readonly label: string } | null;
}

/** The three deliveries; every conversation journey runs on each of them. */
export const deliveries: readonly Delivery[] = [
  {
    name: "script tag",
    path: "/script-tag.html",
    host: "cap-chat-host",
    subscription: "command",
    handoffAnswer: { text: "Our team is waiting for your call at +1 555 0100", label: "Call +1 555 0100" },
  },
  {
    name: "custom element",
    path: "/element.html",
    host: "cap-chat",
    subscription: "document-event",
    handoffAnswer: { text: "Our team is waiting for your call at +1 555 0100", label: "Call +1 555 0100" },
  },
  {
    name: "single-page app",
    path: "/spa.html",
    host: "#chat-host",
    subscription: "controller",
    handoffAnswer: null,
  },
];

/**
 * Gives the page's widget `options` the way its delivery takes options a page sets from script: the script
 * tag's `CapChat("boot", options)` (which mounts the widget again with them over the tag's), the element's
 * `config` property, the single-page app's `controller.update(options)`.
 */
export async function giveOptions(page: Page, delivery: Delivery, options: Partial<WidgetOptions>): Promise<void> {
  await page.evaluate(
    ({ subscription, options }) => {
      const record = window as unknown as RecordingWindow;
      if (subscription === "command") record.CapChat?.("boot", options);
      else if (subscription === "document-event") (document.querySelector("cap-chat") as HTMLElement & { config: object }).config = options;
      else record.capChatDemo?.controller.update(options);
    },
    { subscription: delivery.subscription, options },
  );
}

interface RecordingWindow {
  CapChat?: (command: string, ...args: unknown[]) => unknown;
  capChatDemo?: { controller: ChatController };
  recordedWidgetEvents?: Record<string, unknown[]>;
}

/**
 * Starts keeping the detail of every `name` event the widget emits from now on, subscribed the way the
 * delivery's page subscribes. Call it after the page has loaded; read the details with
 * {@link recordedWidgetEvents}.
 */
export async function recordWidgetEvents(page: Page, delivery: Delivery, name: WidgetEventName): Promise<void> {
  await page.evaluate(
    ({ subscription, name }) => {
      const record = window as unknown as RecordingWindow;
      const recorded = (record.recordedWidgetEvents ??= {});
      const details = (recorded[name] ??= []);
      const keep = (detail: unknown) => void details.push(detail);
      if (subscription === "document-event") {
        document.addEventListener(name, (event) => keep((event as CustomEvent).detail));
      } else if (subscription === "command") {
        if (!record.CapChat) throw new Error("the page has no CapChat function");
        // The short name: the command accepts event names without the `cap-chat:` prefix.
        record.CapChat("on", name.slice("cap-chat:".length), keep);
      } else {
        const controller = record.capChatDemo?.controller;
        if (!controller) throw new Error("the page exposes no widget controller");
        controller.on(name, keep);
      }
    },
    { subscription: delivery.subscription, name },
  );
}

/** The details of the `name` events recorded since {@link recordWidgetEvents}, in order, as plain data. */
export function recordedWidgetEvents(page: Page, name: WidgetEventName): Promise<unknown[]> {
  return page.evaluate(
    (name) => JSON.parse(JSON.stringify((window as unknown as RecordingWindow).recordedWidgetEvents?.[name] ?? [])),
    name,
  );
}

/**
 * Starts keeping, in the order they first appear, every text the rows of the handoff's story show from now
 * on, and the most rows shown at once; read them with {@link recordedStory}.
 */
export async function recordStory(page: Page, delivery: Delivery): Promise<void> {
  await page.evaluate((host) => {
    const record = window as unknown as { story: { texts: string[]; mostRows: number } };
    record.story = { texts: [], mostRows: 0 };
    const root = document.querySelector(host)?.shadowRoot;
    if (!root) throw new Error(`no open shadow root on ${host}`);
    new MutationObserver(() => {
      const rows = [...root.querySelectorAll('[part~="handoff"]')];
      record.story.mostRows = Math.max(record.story.mostRows, rows.length);
      for (const row of rows)
        if (row.textContent && !record.story.texts.includes(row.textContent)) record.story.texts.push(row.textContent);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  }, delivery.host);
}

/** The story recorded since {@link recordStory}. */
export function recordedStory(page: Page): Promise<{ texts: string[]; mostRows: number }> {
  return page.evaluate(() => (window as unknown as { story: { texts: string[]; mostRows: number } }).story);
}

/**
 * Gives the page's widget a new context the way its delivery's page would: `CapChat("setContext", context)`,
 * the element's `config` with `context` over what it held, the single-page app's `controller.setContext`.
 */
export async function setContext(page: Page, delivery: Delivery, context: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ subscription, context }) => {
      const record = window as unknown as RecordingWindow;
      if (subscription === "command") record.CapChat?.("setContext", context);
      else if (subscription === "document-event") {
        const element = document.querySelector("cap-chat") as HTMLElement & { config: object };
        element.config = { ...element.config, context };
      } else record.capChatDemo?.controller.setContext(context);
    },
    { subscription: delivery.subscription, context },
  );
}
