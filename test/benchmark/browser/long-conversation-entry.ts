import { createConversationStore, type ConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import { mountChat, type ChatController } from "../../../src/widget/index.ts";
import { streamFragments, transcript } from "../fixtures/conversation-fixtures.ts";
import { SnapshotClient } from "../support/snapshot-client.ts";

/**
 * The page's side of the long-conversation measurement (see `measureLongConversationOnPage`): the widget
 * built from the sources, fed by the client's own conversation store, to which the page gives a replayed
 * history and then the chunks of a streamed answer, in a page of its own.
 */
let mounted: { controller: ChatController; store: ConversationStore; host: HTMLElement; fragments: string[]; sent: number } | null = null;

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

Object.assign(globalThis, {
  /**
   * Mounts a widget holding `count` finished messages (floating and closed, or inline), with the snapshots
   * of an answer streamed below them ready, and waits until it has shown them.
   */
  mountLong: async (count: number, floating: boolean, chunks: number) => {
    const store = createConversationStore();
    store.batch(() => {
      for (const message of transcript(count)) {
        const { id, text, time } = message;
        store.apply(
          message.role === "user"
            ? { kind: "user-message-replayed", id, text, time, history: true }
            : { kind: "agent-message", id, text, time, attachments: [], suggestions: [], history: true },
        );
      }
    });
    const client = new SnapshotClient(store.getSnapshot());
    store.subscribe((snapshot) => client.apply(snapshot));
    const host = document.body.appendChild(document.createElement("div"));
    if (!floating) host.style.height = "640px";
    const controller = mountChat(host, { client, mode: floating ? "floating" : "inline" });
    mounted = { controller, store, host, fragments: streamFragments(chunks + 1), sent: 0 };
    await frame();
    await frame();
    return host.firstElementChild?.shadowRoot?.querySelectorAll("[data-message-id]").length ?? 0;
  },
  /** Gives the store the stream's next `chunks` chunks, one a frame, and waits for the frame after the last. */
  streamChunks: async (chunks: number) => {
    const current = mounted!;
    for (let index = 1; index <= chunks; index++) {
      const chunkIndex = ++current.sent;
      const text = current.fragments[chunkIndex - 1]!;
      const stream = { kind: "agent-message-chunk", id: "stream", chunkIndex, text, attachments: [], suggestions: [] } as const;
      current.store.apply({ ...stream, isComplete: chunkIndex === current.fragments.length, time: Date.now() });
      await frame();
    }
    await frame();
  },
  /** Waits `frames` frames, doing nothing: what the frames alone cost. */
  idleFrames: async (frames: number) => {
    for (let index = 0; index <= frames; index++) await frame();
  },
  /** Opens the floating panel; milliseconds until the frame after the one that shows it has begun. */
  openPanel: async () => {
    const startedAt = performance.now();
    mounted!.controller.open();
    await frame();
    await frame();
    const panel = mounted!.host.firstElementChild?.shadowRoot?.querySelector('[part~="panel"]');
    if (!panel?.checkVisibility()) throw new Error("the panel did not show");
    return performance.now() - startedAt;
  },
  unmountLong: () => {
    mounted?.controller.destroy();
    mounted?.host.remove();
    mounted = null;
  },
});
