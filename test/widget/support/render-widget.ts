import { act, within } from "@testing-library/preact";
import { vi } from "vitest";
import { mountChat } from "../../../src/widget/index.ts";
import type { WidgetOptions } from "../../../src/widget/index.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { FakeChatClient, createSnapshot } from "./fake-chat-client.ts";

/**
 * Mounts the widget on a fresh element with a fake client (tests run under fake timers). `screen` queries
 * inside the widget's shadow root; `settle` lets the frame-batched model and Preact catch up.
 */
export function renderWidget(options: Partial<WidgetOptions> = {}, snapshot: ConversationSnapshot = createSnapshot()) {
  const client = new FakeChatClient(snapshot);
  const container = document.createElement("div");
  document.body.append(container);
  const controller = mountChat(container, { locale: "en", client, ...options });
  const host = container.firstElementChild as HTMLElement;
  const root = host.shadowRoot as ShadowRoot;
  const screen = within(root as unknown as HTMLElement);
  const settle = () =>
    act(() => {
      vi.advanceTimersByTime(300);
    });
  const update = async (changes: Partial<ConversationSnapshot>) => {
    client.set(changes);
    await settle();
  };
  return { client, controller, container, host, root, screen, settle, update };
}
