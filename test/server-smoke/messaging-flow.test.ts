import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../../demo/server/index.ts";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";
import { openSession, refusedUpgrade, SmokeSocket } from "./smoke-client.ts";

let server: ReferenceServer;
const sockets: SmokeSocket[] = [];

beforeAll(async () => {
  server = await startReferenceServer({ timeScale: 0.005, chunkIntervalMilliseconds: 1 });
});
afterAll(async () => {
  for (const smoke of sockets) smoke.socket.terminate();
  await server.close();
});

async function joinedSocket(streaming: boolean) {
  const { token, sessionId } = await openSession(server, streaming);
  const smoke = await SmokeSocket.open(server, sessionId, token);
  sockets.push(smoke);
  await smoke.next("EVENT_TYPE_EVENT_BATCH");
  smoke.send({ type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN", payload: {} });
  return { smoke, token, sessionId };
}

describe("messaging flow against the running server", { timeout: 8000 }, () => {
  it("streams the greeting as contiguous chunks with suggestions on the completing one", async () => {
    const { smoke } = await joinedSocket(true);
    await smoke.next("EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK", (frame) => frame.payload.is_complete === true);
    const chunks = smoke.frames.filter((frame) => frame.type === "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK");
    expect(chunks.map((chunk) => chunk.payload.chunk_index)).toEqual(chunks.map((_, index) => index + 1));
    expect(new Set(chunks.map((chunk) => chunk.payload.message_id)).size).toBe(1);
    expect(chunks.at(-1)?.payload.response_suggestions).not.toEqual([]);
    expect(chunks.map((chunk) => chunk.payload.text).join("")).toContain("demo assistant");
    expect(smoke.types().slice(0, 4)).toEqual([
      "EVENT_TYPE_EVENT_BATCH",
      "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN",
      "EVENT_TYPE_SERVICE_AGENT_JOINED",
      "EVENT_TYPE_SERVICE_AGENT_THINKING",
    ]);
  });

  it("runs the live handoff to its natural end when the user says bye", async () => {
    const { smoke, sessionId } = await joinedSocket(false);
    await smoke.next("EVENT_TYPE_SERVICE_AGENT_MESSAGE");
    smoke.send({ type: "EVENT_TYPE_USER_MESSAGE", payload: { text: "I want a HUMAN please" }, metadata: { custom: { client_event_id: "c-1" } } });
    await smoke.next("EVENT_TYPE_LIVE_AGENT_MESSAGE");
    smoke.send({ type: "EVENT_TYPE_USER_MESSAGE", payload: { text: "ok bye" } });
    await smoke.waitFor(() => smoke.closeCode !== undefined);
    expect(smoke.closeCode).toBe(1000);
    const handoffTypes = smoke
      .types()
      .filter((type) => /HANDOFF|AGENT_LEFT|LIVE_AGENT_JOINED|SESSION_END/.test(type))
      .filter((type, index, all) => all.indexOf(type) === index);
    expect(handoffTypes).toEqual([
      "EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF",
      "EVENT_TYPE_SERVICE_AGENT_LEFT",
      "EVENT_TYPE_HANDOFF_ACCEPTED",
      "EVENT_TYPE_HANDOFF_QUEUE_STATUS",
      "EVENT_TYPE_LIVE_AGENT_JOINED",
      "EVENT_TYPE_LIVE_AGENT_LEFT",
      "EVENT_TYPE_SESSION_END",
    ]);
    const positions = smoke.frames
      .filter((frame) => frame.type === "EVENT_TYPE_HANDOFF_QUEUE_STATUS")
      .map((frame) => frame.payload.position_in_queue);
    expect(positions).toEqual([3, 2, 1]);
    expect(smoke.frames.at(-1)?.payload).toEqual({ reason: "REASON_NATURAL_END" });
    expect(server.inspect.receivedUserMessages(sessionId)).toEqual([
      { text: "I want a HUMAN please", clientEventId: "c-1" },
      { text: "ok bye" },
    ]);
  });

  it("answers an oversized frame with 'Message too large' and closes with 1009", async () => {
    const { smoke } = await joinedSocket(false);
    smoke.send({ type: "EVENT_TYPE_USER_MESSAGE", payload: { text: "x".repeat(131_072) } });
    await smoke.waitFor(() => smoke.closeCode !== undefined);
    expect(smoke.closeCode).toBe(1009);
    const error = await smoke.next("EVENT_TYPE_SYSTEM_MESSAGE");
    expect(error.payload).toEqual({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Message too large" });
    expect(error.sequence).toBeNull();
  });

  it("replays only SESSION_START and later events on a resume, and refuses the 11th socket", async () => {
    const { smoke, token, sessionId } = await joinedSocket(false);
    await smoke.next("EVENT_TYPE_SERVICE_AGENT_MESSAGE");
    const resumed = await SmokeSocket.open(server, sessionId, token, 2);
    sockets.push(resumed);
    const batch = await resumed.next("EVENT_TYPE_EVENT_BATCH");
    const events = batch.payload.events as { type: string; sequence: number }[];
    expect(events.map((event) => event.sequence)).toEqual([1, 3, 4]);
    expect(events[0]?.type).toBe("EVENT_TYPE_SESSION_START");
    for (let count = 2; count < 10; count += 1) sockets.push(await SmokeSocket.open(server, sessionId, token));
    const refused = await refusedUpgrade(`${server.url.replace("http", "ws")}/ws?session_id=${sessionId}&access_token=${token}`);
    expect(refused).toEqual({ status: 429, body: JSON.stringify({ message: "connection limit exceeded for session" }) });
    expect(server.inspect.openSocketCount(sessionId)).toBe(10);
  });
});
