import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReferenceServer } from "../../demo/server/index.ts";
import { EventType } from "../../src/protocol/index.ts";
import {
  clientTranscript,
  connectClient,
  expectedTranscript,
  MemoryStorage,
  nodeWebSocket,
  persistedSessionId,
  seededRandom,
  startTestServer,
  summary,
  until,
} from "./support/client-harness.ts";

const seed = 20261122;
const turns = 100;
/** The client's clock runs 200 times faster: backoff starts at 5 ms and the stable minute lasts 300 ms. */
const chaosClientTimeScale = 0.005;
/** A fault is injected only this long after the last reconnect, so the attempt count has reset (wall ms). */
const stableWallMilliseconds = 60_000 * chaosClientTimeScale + 50;

let server: ReferenceServer;
beforeAll(async () => {
  server = await startTestServer(0.02);
});
afterAll(async () => {
  await server.close();
});

it("keeps a 100-turn streamed conversation exact through seeded drops, duplicated and reordered replays", async () => {
  const random = seededRandom(seed);
  const storage = new MemoryStorage();
  let userMessageFrames = 0;
  const createWebSocket = (url: string) => {
    const socket = nodeWebSocket(url);
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      if (data.includes(EventType.UserMessage)) userMessageFrames += 1;
      send(data);
    };
    return socket;
  };
  const client = connectClient(server, {}, { storage, random: seededRandom(seed + 1), createWebSocket }, chaosClientTimeScale);
  const figures = { turns, drops: 0, dropsNow: 0, dropsAfterEvents: 0, duplicatedReplays: 0, reorderedReplays: 0, reconnects: 0, resentMessages: 0 };
  let lastReconnectAt = Date.now();
  let reconnects = 0;
  client.on("state", (state) => {
    if (state.status === "reconnecting") {
      reconnects += 1;
      lastReconnectAt = Date.now();
    }
  });
  const startedAt = Date.now();
  await until(client, (snapshot) => snapshot.messages.length >= 1 && !snapshot.messages[0]?.streaming);
  const sessionId = persistedSessionId(storage) ?? "";

  for (let turn = 0; turn < turns; turn += 1) {
    const text = turn % 3 === 0 ? `tell me something long, part ${turn}` : `question ${turn} about my order`;
    // Four draws every turn, used or not, so the fault plan depends on the seed alone.
    const [roll, replayFault, dropKind, dropAfter] = [random(), random(), random(), random()];
    if (roll < 0.4 && Date.now() - lastReconnectAt >= stableWallMilliseconds) {
      if (replayFault < 0.4) {
        server.faults.duplicateNextReplay(sessionId);
        figures.duplicatedReplays += 1;
      } else if (replayFault < 0.8) {
        server.faults.reorderNextReplay(sessionId);
        figures.reorderedReplays += 1;
      }
      figures.drops += 1;
      if (dropKind < 0.4) {
        server.faults.dropSockets(sessionId);
        figures.dropsNow += 1;
      } else {
        server.faults.dropSocketsAfter(sessionId, 1 + Math.floor(dropAfter * 12));
        figures.dropsAfterEvents += 1;
      }
      lastReconnectAt = Date.now();
    }
    client.send(text);
    await until(
      client,
      (snapshot) => {
        const last = snapshot.messages.at(-1);
        const users = snapshot.messages.filter((message) => message.role === "user");
        return users.length === turn + 1 && users.every((message) => message.status === "sent") && last?.role === "agent" && !last.streaming;
      },
      15_000,
    );
  }
  await until(client, (snapshot) => snapshot.connection.status === "connected");
  figures.reconnects = reconnects;
  figures.resentMessages = userMessageFrames - turns;
  console.log(`chaos run (seed ${seed}): ${JSON.stringify(figures)} in ${Date.now() - startedAt} ms`);

  const snapshot = client.getSnapshot();
  expect(summary(snapshot).connection).toEqual({ status: "connected" });
  expect(clientTranscript(snapshot)).toEqual(expectedTranscript(server.inspect.storedEvents(sessionId)));
  const received = server.inspect.receivedUserMessages(sessionId);
  const sentIds = snapshot.messages.filter((message) => message.role === "user").map((message) => message.id);
  expect(received).toHaveLength(turns);
  expect(received.map((message) => message.clientEventId)).toEqual(sentIds);
  expect(new Set(sentIds).size).toBe(turns);
  expect(figures.drops).toBeGreaterThan(5);
  expect(reconnects).toBeGreaterThan(5);
  client.destroy();
}, 60_000);
