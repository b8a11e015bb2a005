import { describe, expect, it } from "vitest";
import type { ChatClientEvents } from "../../../src/transport/chat-client-types.ts";
import { describeChanges } from "../../../src/transport/conversation/conversation-changes.ts";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { initialConversationState, reduceConversation } from "../../../src/transport/conversation/conversation-reducer.ts";
import { createConversationStore, type ConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import type { ChatMessage, ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { seededRandom } from "../../support/seeded-random.ts";

const eventNames: (keyof ChatClientEvents)[] = ["message", "state", "handoff", "handoff-required", "end", "error", "notice", "language"];

/** Every derived event as plain data, in emission order. */
function recordEvents(store: ConversationStore): unknown[] {
  const seen: unknown[] = [];
  for (const name of eventNames) store.on(name, (detail) => seen.push(structuredClone([name, detail])));
  return seen;
}

/**
 * A conversation of `count` events drawn from `random`: user messages queued, sent, failed, retried and
 * replayed; agent messages whole and streamed, chunks in and out of order, duplicated, abandoned; live
 * agents, notices, typing, connection changes, the end and a reset, with ids often reused.
 */
function randomConversation(random: () => number, count: number): ConversationEvent[] {
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)]!;
  const id = (prefix: string) => `${prefix}${Math.floor(random() * 12)}`;
  const history = () => (random() < 0.3 ? { history: true as const } : {});
  const events: ConversationEvent[] = [];
  for (let index = 0; index < count; index++) {
    const time = 1000 + index;
    const makers: (() => ConversationEvent)[] = [
      () => ({ kind: "user-message-queued", id: id("u"), text: "hello", time }),
      () => ({ kind: "user-message-sent", id: id("u"), time }),
      () => ({ kind: "user-message-failed", id: id("u") }),
      () => ({ kind: "user-message-retrying", id: id("u") }),
      () => ({ kind: "user-message-replayed", id: id("u"), text: "replayed", time, ...history() }),
      () => ({ kind: "agent-message", id: id("a"), text: "whole", attachments: [], suggestions: [], time, ...history() }),
      () => ({ kind: "live-agent-message", id: id("l"), text: "person", attachments: [], suggestions: [], time, ...history() }),
      () => ({
        kind: "agent-message-chunk",
        id: id("s"),
        chunkIndex: 1 + Math.floor(random() * 4),
        text: pick(["a", "b", "c"]),
        attachments: [],
        suggestions: random() < 0.2 ? ["Yes"] : [],
        isComplete: random() < 0.25,
        time,
        ...history(),
      }),
      () => ({ kind: "agent-thinking" }),
      () => ({ kind: "live-agent-joined", agent: { name: pick(["Sam", "Kim"]) } }),
      () => ({ kind: "live-agent-left" }),
      () => ({ kind: "handoff-triggered" }),
      () => ({ kind: "notice", id: id("n"), level: "info", code: "new-session", time, ...history() }),
      () => ({ kind: "connection-changed", connection: { status: pick(["connected", "offline", "connecting"] as const) } }),
      () => ({ kind: "session-ended", reason: "REASON_USER_END", ...history() }),
      () => ({ kind: "reset" }),
    ];
    // Messages and chunks most of the time, as in a real conversation; the rest now and then.
    const maker = random() < 0.75 ? makers[Math.floor(random() * 8)]! : pick(makers);
    events.push(maker());
  }
  return events;
}

/** What the reducer alone says: each new snapshot (as JSON), and the events each step means. */
function reference(events: readonly ConversationEvent[]) {
  let state = initialConversationState;
  const snapshots: string[] = [];
  const changes: unknown[] = [];
  for (const event of events) {
    const previous = state.snapshot;
    state = reduceConversation(state, event, { now: () => 5000, random: () => 0 });
    if (state.snapshot !== previous) snapshots.push(JSON.stringify(state.snapshot));
    for (const change of describeChanges(previous, state.snapshot, everyMessage(previous, state.snapshot)))
      changes.push(structuredClone([change.name, change.detail]));
  }
  return { snapshots, changes };
}

/** Every message of a step, as it was before it: what describing a step needs, however it was made. */
function everyMessage(previous: ConversationSnapshot, next: ConversationSnapshot): Map<string, ChatMessage | undefined> {
  const touched = new Map<string, ChatMessage | undefined>(next.messages.map((message) => [message.id, undefined]));
  for (const message of previous.messages) touched.set(message.id, message);
  return touched;
}

/** Whether `part` holds items of `whole` in their order (not all of them). */
function inOrder(part: readonly string[], whole: readonly string[]): boolean {
  let position = 0;
  return part.every((item) => (position = whole.indexOf(item, position) + 1) > 0);
}

describe("conversation store batches", () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`tells the reducer's events and snapshots, one by one or in a batch (seed ${seed})`, () => {
      const events = randomConversation(seededRandom(seed), 400);
      const expected = reference(events);
      for (const batched of [false, true]) {
        const store = createConversationStore({ now: () => 5000 });
        const seen = recordEvents(store);
        // Each snapshot as it was told, and the snapshot object itself, to check nothing changed it later.
        // Each snapshot as it was told, and the snapshot object itself, to check that nothing changed it later.
        const told: { copy: string; snapshot: ConversationSnapshot }[] = [];
        store.subscribe((snapshot) => told.push({ copy: JSON.stringify(snapshot), snapshot }));
        const apply = () => events.forEach((event) => store.apply(event));
        if (batched) store.batch(apply);
        else apply();
        expect(seen).toEqual(expected.changes);
        for (const { copy, snapshot } of told) expect(JSON.stringify(snapshot)).toBe(copy);
        const copies = told.map(({ copy }) => copy);
        if (batched) expect(inOrder(copies, expected.snapshots) && copies.at(-1) === expected.snapshots.at(-1)).toBe(true);
        else expect(copies).toEqual(expected.snapshots);
      }
    });
  }

  it("tells a run of transcript changes once, and every change to more than the transcript as it happens", () => {
    const store = createConversationStore();
    const told: ConversationSnapshot[] = [];
    store.subscribe((snapshot) => told.push(snapshot));
    store.batch(() => {
      store.apply({ kind: "user-message-replayed", id: "u1", text: "hi", time: 1, history: true });
      store.apply({ kind: "agent-message", id: "a1", text: "one", attachments: [], suggestions: [], time: 2, history: true });
      store.apply({ kind: "handoff-triggered" });
      store.apply({ kind: "agent-message", id: "a2", text: "two", attachments: [], suggestions: [], time: 3, history: true });
      store.apply({ kind: "agent-message", id: "a3", text: "three", attachments: [], suggestions: [], time: 4, history: true });
    });
    expect(told.map((snapshot) => [snapshot.messages.length, snapshot.handoff.phase])).toEqual([
      [2, "triggered"],
      [4, "triggered"],
    ]);
  });

  it("never changes a transcript once anyone has seen it, also when a handler reads it in the middle of a batch", () => {
    const store = createConversationStore();
    const read: { snapshot: ConversationSnapshot; ids: string[] }[] = [];
    store.on("message", () => {
      const snapshot = store.getSnapshot();
      read.push({ snapshot, ids: snapshot.messages.map((message) => message.id) });
    });
    store.batch(() => {
      for (let index = 0; index < 6; index++)
        store.apply({ kind: "agent-message", id: `a${index}`, text: "text", attachments: [], suggestions: [], time: index });
    });
    expect(read).toHaveLength(6);
    for (const { snapshot, ids } of read) expect(snapshot.messages.map((message) => message.id)).toEqual(ids);
    expect(store.getSnapshot().messages).toHaveLength(6);
  });

  it("tells the end of a nested batch only when the outer one ends", () => {
    const store = createConversationStore();
    const told: number[] = [];
    store.subscribe((snapshot) => told.push(snapshot.messages.length));
    store.batch(() => {
      store.batch(() => store.apply({ kind: "user-message-replayed", id: "u1", text: "hi", time: 1 }));
      expect(told).toEqual([]);
      store.apply({ kind: "user-message-replayed", id: "u2", text: "hi", time: 2 });
    });
    expect(told).toEqual([2]);
  });
});
