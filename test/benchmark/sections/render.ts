import { performance } from "node:perf_hooks";
import type { ChatMessage } from "../../../src/transport/conversation.ts";
import { conversationSnapshot, streamedMessage, streamFragments, transcript } from "../fixtures/conversation-fixtures.ts";
import { maximum, median, percentile } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { installDomEnvironment } from "../support/dom-environment.ts";
import { installRenderCounter, type RenderCounter } from "../support/render-counter.ts";
import { SnapshotClient } from "../support/snapshot-client.ts";

const transcriptLength = 200;
/** Counted mounts; one more runs first, uncounted, while the code paths are still being compiled. */
const mountRuns = 7;
const streamChunks = 500;
const burstRuns = 5;
/** Finished messages above the streamed one, as in a conversation already under way. */
const messagesBeforeStream = 20;

type MountChat = typeof import("../../../src/widget/index.ts").mountChat;

/** The widget's modules, loaded only once a DOM is installed. */
interface WidgetModules {
  mountChat: MountChat;
  Transcript: unknown;
  MessageItem: unknown;
}

/**
 * Render cost of the widget in Node with happy-dom (the widget tests' DOM), driven by a client whose
 * snapshots the benchmark publishes: the first render of a long transcript, then a streamed answer applied
 * one snapshot per chunk, paced (one frame between chunks) and in one burst (all chunks before a frame).
 * Renders are counted with Preact's render hook. happy-dom does no layout or paint, so these are the costs
 * of Preact, the widget and DOM mutation, not of a browser's rendering.
 */
export async function measureWidgetRendering(): Promise<BenchRow[]> {
  const removeDom = await installDomEnvironment();
  const counter = installRenderCounter();
  try {
    const widget: WidgetModules = {
      mountChat: (await import("../../../src/widget/index.ts")).mountChat,
      Transcript: (await import("../../../src/widget/components/transcript/transcript.tsx")).Transcript,
      MessageItem: (await import("../../../src/widget/components/messages/message-item.tsx")).MessageItem,
    };
    return [...measureFirstRender(widget), ...(await measurePacedStream(widget, counter)), ...(await measureBurstStream(widget, counter))];
  } finally {
    counter.uninstall();
    await removeDom();
  }
}

/** Resolves after the next animation frame and the render it schedules (happy-dom runs frames as immediates). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setImmediate(resolve)));
}

function mount(widget: WidgetModules, client: SnapshotClient) {
  const page = document.createElement("div");
  document.body.append(page);
  const controller = widget.mountChat(page, { client, mode: "inline" });
  const root = page.firstElementChild?.shadowRoot;
  if (!root) throw new Error("the widget rendered no shadow root");
  return {
    root,
    remove() {
      controller.destroy();
      page.remove();
    },
  };
}

function messageElements(root: ShadowRoot): number {
  return root.querySelectorAll("[data-message-id]").length;
}

function measureFirstRender(widget: WidgetModules): BenchRow[] {
  const durations: number[] = [];
  const messages = transcript(transcriptLength);
  for (let run = 0; run <= mountRuns; run++) {
    const client = new SnapshotClient(conversationSnapshot(messages));
    const startedAt = performance.now();
    const mounted = mount(widget, client);
    const duration = performance.now() - startedAt;
    const rendered = messageElements(mounted.root);
    mounted.remove();
    if (rendered !== transcriptLength) throw new Error(`first render showed ${rendered} of ${transcriptLength} messages`);
    if (run > 0) durations.push(duration);
  }
  return [
    figure(
      `first render, ${transcriptLength}-message transcript (median)`,
      median(durations),
      "ms",
      `${mountRuns} mounts after 1 warm-up, happy-dom, inline mode; mountChat is synchronous`,
      1,
    ),
  ];
}

/** The conversation before the stream, and the snapshot after each chunk. */
function streamSnapshots() {
  const before = transcript(messagesBeforeStream);
  const fragments = streamFragments(streamChunks);
  const time = (before[before.length - 1] as ChatMessage).time + 1000;
  const snapshotAfter = (chunks: number) => conversationSnapshot([...before, streamedMessage("stream", fragments, chunks, time)]);
  return { initial: conversationSnapshot(before), snapshotAfter };
}

/** Throws unless the streamed message shows its last chunk, which the fragments end with a list item for. */
function checkStreamFinished(root: ShadowRoot): void {
  const shown = root.querySelector('[data-message-id="stream"] .bubble')?.textContent ?? "";
  if (!shown.includes(`step ${streamChunks - 1}`)) throw new Error(`the streamed message misses its last chunk: "${shown.slice(-40)}"`);
}

async function measurePacedStream(widget: WidgetModules, counter: RenderCounter): Promise<BenchRow[]> {
  const { initial, snapshotAfter } = streamSnapshots();
  const client = new SnapshotClient(initial);
  const mounted = mount(widget, client);
  try {
    const durations: number[] = [];
    counter.reset();
    for (let chunk = 1; chunk <= streamChunks; chunk++) {
      const startedAt = performance.now();
      client.apply(snapshotAfter(chunk));
      await nextFrame();
      durations.push(performance.now() - startedAt);
    }
    checkStreamFinished(mounted.root);
    const transcriptRenders = counter.count(widget.Transcript) / streamChunks;
    const messageRenders = counter.count(widget.MessageItem) / streamChunks;
    const conditions = `${streamChunks} chunks, one frame each, ${messagesBeforeStream} messages above, happy-dom`;
    return [
      figure(
        "streamed chunk, paced: apply + render (median)",
        median(durations),
        "ms",
        `${conditions}; p95 ${percentile(durations, 0.95).toFixed(2)} ms`,
        3,
      ),
      figure("streamed chunk, paced: transcript renders per chunk", transcriptRenders, "renders", conditions, 2),
      figure(
        "streamed chunk, paced: message renders per chunk",
        messageRenders,
        "renders",
        `${conditions}; 1 means only the growing message`,
        2,
      ),
    ];
  } finally {
    mounted.remove();
  }
}

async function measureBurstStream(widget: WidgetModules, counter: RenderCounter): Promise<BenchRow[]> {
  const { initial, snapshotAfter } = streamSnapshots();
  const durations: number[] = [];
  const renders: number[] = [];
  for (let run = 0; run < burstRuns; run++) {
    const client = new SnapshotClient(initial);
    const mounted = mount(widget, client);
    try {
      counter.reset();
      const startedAt = performance.now();
      for (let chunk = 1; chunk <= streamChunks; chunk++) client.apply(snapshotAfter(chunk));
      await nextFrame();
      durations.push(performance.now() - startedAt);
      renders.push(counter.count(widget.Transcript));
      checkStreamFinished(mounted.root);
    } finally {
      mounted.remove();
    }
  }
  const total = median(durations);
  const conditions = `${burstRuns} runs of ${streamChunks} snapshots applied before one frame, happy-dom`;
  return [
    figure(
      "streamed chunks, burst: total apply + render (median)",
      total,
      "ms",
      `${conditions}; ${(total / streamChunks).toFixed(3)} ms per chunk`,
      2,
    ),
    figure(
      "streamed chunks, burst: transcript renders (max)",
      maximum(renders),
      "renders",
      `${conditions}; the model batches to one per frame`,
      0,
    ),
  ];
}
