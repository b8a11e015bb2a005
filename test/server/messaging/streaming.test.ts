import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import {
  joinAgent,
  nextAgentReply,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { openSocket, type WireEvent } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started), { chunkIntervalMilliseconds: 10 });

/** Checks the rules of one chunk series: one message_id, indexes 1..n, complete only at the end. */
function expectWellFormedSeries(chunks: readonly WireEvent[]): void {
  expect(chunks.length).toBeGreaterThan(0);
  const messageId = chunks[0]?.payload.message_id;
  expect(messageId).toEqual(expect.any(String));
  chunks.forEach((chunk, index) => {
    expect(chunk.type).toBe(EventType.ServiceAgentMessageChunk);
    expect(chunk.payload.message_id).toBe(messageId);
    expect(chunk.payload.chunk_index).toBe(index + 1);
    expect(chunk.payload.is_complete).toBe(index === chunks.length - 1);
    expect(typeof chunk.payload.text).toBe("string");
    expect(Array.isArray(chunk.payload.attachments)).toBe(true);
    expect(Array.isArray(chunk.payload.response_suggestions)).toBe(true);
    expect(Number.isInteger(chunk.sequence)).toBe(true);
  });
  expect(chunks.map((chunk) => chunk.payload.text).join("")).not.toBe("");
}

describe("streaming", { timeout: 8000 }, () => {
  it("streams the greeting of a streaming session as a well-formed chunk series after THINKING", async () => {
    const { socket } = await startConversation(server, { streaming: true });
    socket.send({ type: EventType.RequestServiceAgentJoin, payload: {} });
    const before = await socket.until((event) => event.type === EventType.ServiceAgentMessageChunk);
    expect(before.map((event) => event.type)).toEqual([
      EventType.RequestServiceAgentJoin,
      EventType.ServiceAgentJoined,
      EventType.ServiceAgentThinking,
      EventType.ServiceAgentMessageChunk,
    ]);
    const first = before.at(-1) as WireEvent;
    const rest = first.payload.is_complete
      ? []
      : await socket.until((event) => event.type === EventType.ServiceAgentMessageChunk && event.payload.is_complete === true);
    const series = [first, ...rest];
    expectWellFormedSeries(series);
    expect(series.at(-1)?.payload.response_suggestions, "the suggestions come with the completing chunk").not.toEqual([]);
    expect(series.slice(0, -1).flatMap((chunk) => chunk.payload.response_suggestions)).toEqual([]);
    expect(socket.received.filter((event) => event.type === EventType.ServiceAgentMessage)).toEqual([]);
  });

  it("streams a long answer in many chunks whose text concatenates to the whole answer", async () => {
    const { socket } = await startJoinedConversation(server, { streaming: true });
    await sendUserMessage(socket, triggerPhrase("long"));
    const reply = await nextAgentReply(socket, 6000);
    expect(reply.events.length).toBeGreaterThan(5);
    expectWellFormedSeries(reply.events);
    expect(reply.text.length).toBeGreaterThan(200);
  });

  it("stores every chunk and replays them all in order", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server, { streaming: true });
    await sendUserMessage(socket, triggerPhrase("link"));
    const reply = await nextAgentReply(socket);
    const stored = server.inspect.storedEvents(sessionId).map((event) => event.id);
    for (const chunk of reply.events) expect(stored).toContain(chunk.id);
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    const replayed = events.filter((event) => event.payload.message_id === reply.events[0]?.payload.message_id);
    expect(replayed.map((event) => event.id)).toEqual(reply.events.map((event) => event.id));
    expectWellFormedSeries(replayed);
    expect(replayed.at(-1)?.payload.attachments.length).toBeGreaterThan(0);
  });

  it("sends one SERVICE_AGENT_MESSAGE and no chunks to a non-streaming session", async () => {
    const { socket } = await startConversation(server, { streaming: false });
    const { greeting } = await joinAgent(socket);
    await sendUserMessage(socket, triggerPhrase("long"));
    const reply = await nextAgentReply(socket);
    expect(greeting.events.map((event) => event.type)).toEqual([EventType.ServiceAgentMessage]);
    expect(reply.events.map((event) => event.type)).toEqual([EventType.ServiceAgentMessage]);
    expect(socket.received.filter((event) => event.type === EventType.ServiceAgentMessageChunk)).toEqual([]);
  });

  it("continues a stream after a reconnect in its middle, through the replay or live, without gaps", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server, { streaming: true });
    await sendUserMessage(socket, triggerPhrase("long"));
    const firstChunks = [await socket.nextOfType(EventType.ServiceAgentMessageChunk, 4000)];
    firstChunks.push(await socket.nextOfType(EventType.ServiceAgentMessageChunk));
    await socket.close();
    const cursor = firstChunks[1]?.sequence as number;
    const resumed = await openSocket(server, { sessionId, token, cursor: String(cursor) });
    const chunks = [...firstChunks];
    const seen = new Set(chunks.map((chunk) => chunk.id));
    while (chunks.at(-1)?.payload.is_complete !== true) {
      const next = await resumed.next(
        (event) => event.type === EventType.ServiceAgentMessageChunk || event.type === EventType.EventBatch,
        4000,
      );
      const incoming = next.type === EventType.EventBatch ? (next.payload.events as WireEvent[]) : [next];
      for (const event of incoming) {
        if (event.type !== EventType.ServiceAgentMessageChunk || seen.has(event.id as string)) continue;
        seen.add(event.id as string);
        chunks.push(event);
      }
    }
    expectWellFormedSeries(chunks);
  });
});
