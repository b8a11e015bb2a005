import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformProfiles } from "../../../demo/server/index.ts";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { sendUserMessage, startJoinedConversation, storedIdsAfter } from "../support/conversation-flow.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { startTestServer } from "../support/test-server.ts";
import { closeAllSockets, openSocket } from "../support/test-socket.ts";

const { replayBatchDelayMilliseconds: pause } = platformProfiles["replay-batches"];
const clock = new ManualClock();
let server: ReferenceServer;

beforeAll(async () => {
  server = await startTestServer({ platform: platformProfiles["replay-batches"], clock, timeScale: 1 });
});
afterEach(async () => {
  await closeAllSockets();
});
afterAll(async () => {
  await server.close();
});

describe("a paced replay", { timeout: 6000 }, () => {
  it("holds a session's end, and the close after it, until its last batch is out", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server, { clock });
    await sendUserMessage(socket, "one more for the history", { clock });
    await socket.nextOfType(EventType.ServiceAgentMessage);
    const expected = storedIdsAfter(server, sessionId);
    const resumed = await openSocket(server, { sessionId, token });
    await resumed.nextOfType(EventType.EventBatch);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.nextOfType(EventType.SessionEnd);
    expect(resumed.isOpen, "the close waits for the replay").toBe(true);
    clock.advance(pause * Math.ceil(expected.length / 3));
    const closed = await resumed.waitForClose();
    expect(closed.code).toBe(1000);
    const types = resumed.received.map((event) => event.type);
    expect(types.slice(-2)).toEqual([EventType.UserEndSession, EventType.SessionEnd]);
    expect(types.slice(0, -2).every((type) => type === EventType.EventBatch)).toBe(true);
    const replayed = resumed.received.slice(0, -2).flatMap((batch) => batch.payload.events.map((event: { id: string }) => event.id));
    expect(replayed).toEqual(expected);
  });
});
