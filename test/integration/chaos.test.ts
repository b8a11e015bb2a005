import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer, StoredEventView } from "../../demo/server/index.ts";
import { EventType } from "../../src/protocol/index.ts";
import {
  clientTranscript,
  connectClient,
  expectedTranscript,
  integrationProfiles,
  MemoryStorage,
  nodeWebSocket,
  startTestServer,
  summary,
  until,
} from "./support/client-harness.ts";
import { seededRandom } from "../support/seeded-random.ts";

/**
 * The seeds of the fault plans: one by default; `CHAOS_SEEDS=1-20` (or `3,7`) runs each of those and prints
 * the table of their figures.
 */
const seeds = readSeeds(process.env.CHAOS_SEEDS) ?? [20261122];
const turns = 100;

function readSeeds(value: string | undefined): number[] | null {
  if (!value) return null;
  return value.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number) as [number, number?];
    return Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}
/**
 * The client's and the server's clocks run 200 times faster than the wall clock: backoff starts at 5 ms and
 * the stable minute lasts 300 ms. Both run at one speed, so a token's `expires_in` means the same to both:
 * under the all-variants profile a token lasts 180 s, less than a second of wall time, and the conversation
 * moves to a new session several times in a run.
 */
const chaosTimeScale = 0.005;
/** A fault is injected only this long after the last reconnect, so the attempt count has reset (wall ms). */
const stableWallMilliseconds = 60_000 * chaosTimeScale + 50;

/** Storage that remembers, in order, every session the client stored: a conversation may move to a new one. */
class SessionRecordingStorage extends MemoryStorage {
  readonly sessionIds: string[] = [];
  override setItem(key: string, value: string): void {
    super.setItem(key, value);
    const sessionId = (JSON.parse(value) as { sessionId?: string }).sessionId;
    if (sessionId && this.sessionIds.at(-1) !== sessionId) this.sessionIds.push(sessionId);
  }
}

interface Entry {
  role: string;
  id: string;
  text: string;
}

/** Each session's record in turn, as entries with their ids: a user message's `client_event_id`, an agent message's `message_id`. */
function recordedEntries(sessions: readonly (readonly StoredEventView[])[]): Entry[] {
  return sessions.flatMap((events) => {
    const entries: Entry[] = [];
    const messageId = (event: StoredEventView) => String((event.payload as { message_id?: string }).message_id ?? "");
    for (const event of events) {
      const [[role, text] = []] = expectedTranscript([event]);
      if (event.type === EventType.UserMessage)
        entries.push({ role: "user", id: String(event.metadata?.custom?.client_event_id ?? ""), text: String(text) });
      else if (event.type === EventType.ServiceAgentMessageChunk) {
        if (entries.some((entry) => entry.id === messageId(event))) continue;
        const [[, whole = ""] = []] = expectedTranscript(events.filter((candidate) => messageId(candidate) === messageId(event)));
        entries.push({ role: "agent", id: messageId(event), text: whole });
      } else if (role) entries.push({ role, id: messageId(event), text: String(text) });
    }
    return entries;
  });
}

const turnText = (turn: number) => (turn % 3 === 0 ? `tell me something long, part ${turn}` : `question ${turn} about my order`);
const texts = Array.from({ length: turns }, (_, turn) => turnText(turn));
const isGreeting = (text: string) => text.startsWith("Hi! I'm the **Cap demo assistant**");

describe.each(integrationProfiles)("the seeded chaos run, deciding as %s", (profile) => {
  let server: ReferenceServer;
  const table: Record<string, number | string>[] = [];
  beforeAll(async () => {
    server = await startTestServer(chaosTimeScale, profile);
  });
  afterAll(async () => {
    await server.close();
    if (table.length > 1) console.table(table);
  });

  it.each(seeds)(
    "keeps a 100-turn streamed conversation exact through seeded drops, duplicated and reordered replays (seed %i)",
    async (seed) => {
      const random = seededRandom(seed);
      const storage = new SessionRecordingStorage();
      const sentIds: string[] = [];
      const createWebSocket = (url: string) => {
        const socket = nodeWebSocket(url);
        const send = socket.send.bind(socket);
        socket.send = (data) => {
          const frame = JSON.parse(data) as { type: string; metadata?: { custom?: { client_event_id?: string } } };
          if (frame.type === EventType.UserMessage) sentIds.push(frame.metadata?.custom?.client_event_id ?? "");
          send(data);
        };
        return socket;
      };
      const client = connectClient(server, {}, { storage, random: seededRandom(seed + 1), createWebSocket }, chaosTimeScale);
      const figures = {
        turns,
        drops: 0,
        dropsNow: 0,
        dropsAfterEvents: 0,
        duplicatedReplays: 0,
        reorderedReplays: 0,
        reconnects: 0,
        resentFrames: 0,
        sessions: 0,
        userMessagesReceived: 0,
        /** Messages the client showed as `unconfirmed`, which the visitor then sent again. */
        unconfirmed: 0,
        /** Of those, the ones the server then had twice. */
        retriedTwice: 0,
      };
      const retried = new Set<string>();
      let lastReconnectAt = Date.now();
      let reconnects = 0;
      client.on("state", (state) => {
        if (state.status !== "reconnecting") return;
        reconnects += 1;
        lastReconnectAt = Date.now();
      });
      const startedAt = Date.now();
      await until(client, (snapshot) => snapshot.messages.length >= 1 && !snapshot.messages[0]?.streaming);

      for (let turn = 0; turn < turns; turn += 1) {
        const sessionId = storage.sessionIds.at(-1) ?? "";
        const text = turnText(turn);
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
        const settled = await until(
          client,
          (snapshot) => {
            const users = snapshot.messages.filter((message) => message.role === "user");
            // The turn is answered once an agent message other than a new session's greeting is last, whole.
            const last = snapshot.messages.at(-1);
            const answered = last?.role === "agent" && !last.streaming && !isGreeting(last.text);
            const failed = users.some((message) => message.status === "failed");
            // A message in doubt waits for the visitor, who sends it again, as the widget offers.
            for (const message of users)
              if (message.status === "unconfirmed" && !retried.has(message.id)) {
                retried.add(message.id);
                queueMicrotask(() => client.retry(message.id));
              }
            return failed || (users.length === turn + 1 && users.every((message) => message.status === "sent") && answered);
          },
          15_000,
        );
        // Nothing ever fails: the visitor never has to retry.
        expect(summary(settled).messages.filter((message) => message.startsWith("user:failed"))).toEqual([]);
      }
      // The conversation stays live, or, left alone on a platform that expires it, waits for the visitor.
      await until(client, (snapshot) => snapshot.connection.status === "connected" || snapshot.connection.status === "idle");
      figures.reconnects = reconnects;
      figures.resentFrames = sentIds.length - turns;
      figures.sessions = storage.sessionIds.length;

      const snapshot = client.getSnapshot();
      const received = storage.sessionIds
        .flatMap((sessionId) => server.inspect.receivedUserMessages(sessionId))
        .map((message) => message.clientEventId ?? "");
      figures.userMessagesReceived = received.length;
      figures.unconfirmed = retried.size;
      figures.retriedTwice = [...retried].filter((id) => received.filter((receivedId) => receivedId === id).length > 1).length;
      const userIds = snapshot.messages.filter((message) => message.role === "user").map((message) => message.id);

      expect(["connected", "idle"]).toContain(summary(snapshot).connection.status);
      // No stream is left open and nothing is left sending.
      expect(snapshot.messages.filter((message) => message.streaming || message.status === "sending")).toEqual([]);
      // The client's transcript is the record of every session the conversation went through, in turn: ids
      // and text alike, every greeting, question and whole answer, nothing left behind, nothing extra.
      const transcript: Entry[] = snapshot.messages.map((message) => ({ role: message.role, id: message.id, text: message.text }));
      expect(transcript).toEqual(recordedEntries(storage.sessionIds.map((sessionId) => server.inspect.storedEvents(sessionId))));
      if (profile === "default") {
        expect(clientTranscript(snapshot)).toEqual(expectedTranscript(server.inspect.storedEvents(storage.sessionIds[0] ?? "")));
        // Under the default platform the conversation never leaves its session.
        expect(figures.sessions).toBe(1);
      }
      expect(snapshot.messages.filter((message) => message.role === "user").map((message) => message.text)).toEqual(texts);
      // Every user message reached the server, and none twice but one the visitor chose to send again.
      expect(new Set(received).size).toBe(turns);
      expect(new Set(received)).toEqual(new Set(userIds));
      expect(received.length).toBe(turns + figures.retriedTwice);
      if (profile === "default") expect(figures.retriedTwice).toBe(0);
      console.log(`chaos run (${profile}, seed ${seed}): ${JSON.stringify(figures)} in ${Date.now() - startedAt} ms`);
      table.push({
        seed,
        ...figures,
        lost: turns - new Set(received).size,
        sentTwiceAutomatically: received.length - turns - figures.retriedTwice,
      });
      expect(figures.drops).toBeGreaterThan(5);
      expect(reconnects).toBeGreaterThan(5);
      client.destroy();
    },
    90_000,
  );
});
