import { performance } from "node:perf_hooks";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { createConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import { median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";

/** Events in the replay, as a reload of a long live-agent conversation brings them. */
export const replayEvents = 10_000;
/** The ceiling the issue sets for rebuilding the store from the replay. */
export const replayCeilingMilliseconds = 50;
const replayRuns = 9;
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
 * over many frames. Medians of {@link replayRuns} runs after one to warm up.
 */
export function measureReplay(): BenchRow[] {
  const history = replayHistory(replayEvents);
  const rebuild = (frameSize: number) => {
    const store = createConversationStore({ now: () => 0 });
    let snapshots = 0;
    store.subscribe(() => snapshots++);
    store.on("message", () => undefined);
    const startedAt = performance.now();
    for (let start = 0; start < history.length; start += frameSize) {
      store.batch(() => {
        for (const event of history.slice(start, start + frameSize)) store.apply(event);
      });
    }
    const duration = performance.now() - startedAt;
    const shown = store.getSnapshot().messages.length;
    if (shown < replayEvents / 3 || snapshots === 0) throw new Error(`the replay rebuilt ${shown} messages`);
    return { duration, shown };
  };
  const timed = (frameSize: number) => {
    const runs = Array.from({ length: replayRuns + 1 }, () => rebuild(frameSize));
    return { milliseconds: median(runs.slice(1).map((run) => run.duration)), shown: runs[0]!.shown };
  };
  const whole = timed(replayEvents);
  const framed = timed(eventsPerFrame);
  const conditions = `${replayEvents.toLocaleString("en")} events into ${whole.shown.toLocaleString("en")} messages, a subscriber and a message handler, median of ${replayRuns} after 1 warm-up; ceiling ${replayCeilingMilliseconds} ms`;
  return [
    figure(
      `replay of ${replayEvents.toLocaleString("en")} events into the store, one batch (median)`,
      whole.milliseconds,
      "ms",
      conditions,
      1,
    ),
    figure(
      `replay of ${replayEvents.toLocaleString("en")} events into the store, ${eventsPerFrame} a frame (median)`,
      framed.milliseconds,
      "ms",
      conditions,
      1,
    ),
  ];
}
