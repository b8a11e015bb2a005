import { performance } from "node:perf_hooks";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import type * as ConversationStoreModule from "../../../src/transport/conversation/conversation-store.ts";
import { maximum, median, minimum } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { importAsShipped } from "../support/shipped-module.ts";

/** Events in the replay, as a reload of a long live-agent conversation brings them. */
export const replayEvents = 10_000;
/** The ceiling the issue sets for rebuilding the store from the replay. */
export const replayCeilingMilliseconds = 50;
/** Measured runs of each way, after the warm-up; the figure is their median. */
const replayRuns = 15;
/**
 * Runs of each way before the measured ones, so that the figure is the cost of the store's optimised code,
 * as a page that has run the client for a while has it, rather than of the compiler catching up.
 */
const warmUpRuns = 10;
/** Events the reference server sends in one frame of a replay (its batches), as the transport applies them. */
const eventsPerFrame = 50;

/**
 * A history of `count` events: in turn a visitor's message, an agent's answer streamed in five chunks, a
 * whole agent message and a live agent's reply, each with `history: true`, as a replay after a reload.
 */
export function replayHistory(count: number): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  for (let turn = 0; events.length < count; turn++) {
    const time = Date.UTC(2026, 0, 5) + turn * 60_000;
    events.push({ kind: "user-message-replayed", id: `u${turn}`, text: `Question ${turn}: where is my parcel?`, time, history: true });
    for (let chunk = 1; chunk <= 5 && events.length < count; chunk++) {
      const stream = { kind: "agent-message-chunk", id: `s${turn}`, chunkIndex: chunk, text: `part ${chunk} of the answer. ` } as const;
      events.push({ ...stream, attachments: [], suggestions: [], isComplete: chunk === 5, time: time + 1000, history: true });
    }
    const whole = {
      text: "The parcel left the **warehouse**.",
      attachments: [],
      suggestions: [],
      time: time + 2000,
      history: true,
    } as const;
    events.push({ kind: "agent-message", id: `a${turn}`, ...whole });
    events.push({ kind: "live-agent-message", id: `l${turn}`, ...whole, text: "I have checked it for you." });
  }
  return events.slice(0, count);
}

/**
 * Rebuilds a conversation store from a {@link replayHistory} of {@link replayEvents} events, with a
 * subscriber and a message handler attached as the widget attaches them: once as one batch, once in
 * frames of {@link eventsPerFrame} events, one batch each, as the transport applies a replay that comes
 * over many frames. The two ways take turns, so a busy machine weighs on both alike. Each figure is the
 * median of {@link replayRuns} runs after {@link warmUpRuns} to warm up; its notes give the fastest and
 * slowest measured run, the first (cold) run, and the median processor time, which tells how much of the
 * wall time went to other work on the machine. The store runs as the bundler ships it (see
 * `importAsShipped`).
 */
export async function measureReplay(): Promise<BenchRow[]> {
  const { createConversationStore } = await importAsShipped<typeof ConversationStoreModule>(
    "src/transport/conversation/conversation-store.ts",
  );
  const history = replayHistory(replayEvents);
  const rebuild = (frameSize: number) => {
    const store = createConversationStore({ now: () => 0 });
    let snapshots = 0;
    store.subscribe(() => snapshots++);
    store.on("message", () => undefined);
    const processorAtStart = process.cpuUsage();
    const startedAt = performance.now();
    for (let start = 0; start < history.length; start += frameSize) {
      store.batch(() => {
        for (const event of history.slice(start, start + frameSize)) store.apply(event);
      });
    }
    const duration = performance.now() - startedAt;
    const processor = process.cpuUsage(processorAtStart);
    const shown = store.getSnapshot().messages.length;
    if (shown < replayEvents / 3 || snapshots === 0) throw new Error(`the replay rebuilt ${shown} messages`);
    return { duration, processor: (processor.user + processor.system) / 1000, shown };
  };
  const ways = [
    { name: "one batch", frameSize: replayEvents },
    { name: `${eventsPerFrame} a frame`, frameSize: eventsPerFrame },
  ];
  const runs = ways.map(() => [] as ReturnType<typeof rebuild>[]);
  for (let turn = 0; turn < warmUpRuns + replayRuns; turn++) ways.forEach((way, index) => runs[index]!.push(rebuild(way.frameSize)));
  return ways.map((way, index) => {
    const measured = runs[index]!.slice(warmUpRuns);
    const durations = measured.map((run) => run.duration);
    const shown = runs[index]![0]!.shown.toLocaleString("en");
    const notes = [
      `${replayEvents.toLocaleString("en")} events into ${shown} messages, a subscriber and a message handler, the store bundled and minified`,
      `median of ${replayRuns} runs after ${warmUpRuns} to warm up, taking turns with the other way`,
      `fastest ${minimum(durations).toFixed(1)}, slowest ${maximum(durations).toFixed(1)}, cold first run ${runs[index]![0]!.duration.toFixed(1)} ms`,
      `processor time ${median(measured.map((run) => run.processor)).toFixed(1)} ms (median)`,
      `ceiling ${replayCeilingMilliseconds} ms`,
    ].join("; ");
    return figure(
      `replay of ${replayEvents.toLocaleString("en")} events into the store, ${way.name} (median)`,
      median(durations),
      "ms",
      notes,
      1,
    );
  });
}
