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
  seededRandom,
  startTestServer,
  summary,
  until,
} from "./support/client-harness.ts";

const seed = 20261122;
const turns = 100;
/**
 * The client's and the server's clocks run 200 times faster than the wall clock: backoff starts at 5 ms and
 * the stable minute lasts 300 ms. Both run at one speed, so a token's `expires_in` means the same to both.
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
  /** The index of the session that recorded it (the client's entries: none). */
  session?: number;
}

/** Each session's record in turn, as entries with their ids: a user message's `client_event_id`, an agent message's `message_id`. */
function recordedEntries(sessions: readonly (readonly StoredEventView[])[]): Entry[] {
  return sessions.flatMap((events, session) => {
    const entries: Entry[] = [];
    const messageId = (event: StoredEventView) => String((event.payload as { message_id?: string }).message_id ?? "");
    for (const event of events) {
      const [[role, text] = []] = expectedTranscript([event]);
      if (event.type === EventType.UserMessage)
        entries.push({ role: "user", id: String(event.metadata?.custom?.client_event_id ?? ""), text: String(text), session });
      else if (event.type === EventType.ServiceAgentMessageChunk) {
        if (entries.some((entry) => entry.id === messageId(event))) continue;
        const [[, whole = ""] = []] = expectedTranscript(events.filter((candidate) => messageId(candidate) === messageId(event)));
        entries.push({ role: "agent", id: messageId(event), text: whole, session });
      } else if (role) entries.push({ role, id: messageId(event), text: String(text), session });
    }
    return entries;
  });
}

const turnText = (turn: number) => (turn % 3 === 0 ? `tell me something long, part ${turn}` : `question ${turn} about my order`);
const texts = Array.from({ length: turns }, (_, turn) => turnText(turn));

const isGreeting = (entry: Entry) => entry.role === "agent" && entry.text.startsWith("Hi! I'm the **Cap demo assistant**");

/**
 * Compares the client's transcript with the server's records, session by session: within each, the client
 * shows what the session recorded, in its order, ids and text alike, and nothing the server never recorded.
 * A session the conversation had to leave (its token expired, and the platform binds tokens to sessions)
 * may have recorded answers after the client's last contact: those are missing from the client, and a
 * stream cut there stays as far as it arrived. A message that may have reached such a session failed, and
 * the visitor retried it in the next one: the client shows it once, where the retry put it, so its copy in
 * the session left is not part of that session's order. Each session's greeting shows once, in turn.
 */
function compareWithRecords(transcript: readonly Entry[], recorded: readonly Entry[], sessions: number) {
  const counts = { answersLeftBehind: 0, streamsCut: 0, copiesFromRetries: 0 };
  expect(transcript.filter(isGreeting).map((entry) => entry.id)).toEqual(recorded.filter(isGreeting).map((entry) => entry.id));
  const sessionOf = (entry: Entry) => entry.session ?? 0;
  const retriedLater = (entry: Entry) =>
    entry.role === "user" && recorded.some((other) => other.id === entry.id && sessionOf(other) > sessionOf(entry));
  const accounted = new Set<string>(transcript.filter(isGreeting).map((entry) => entry.id));
  for (let session = 0; session < sessions; session += 1) {
    const left = session < sessions - 1;
    const record = recorded.filter((entry) => sessionOf(entry) === session && !isGreeting(entry));
    counts.copiesFromRetries += record.filter(retriedLater).length;
    const expected = record.filter((entry) => !retriedLater(entry));
    const ids = new Set(expected.map((entry) => entry.id));
    const shown = transcript.filter((entry) => ids.has(entry.id));
    let index = 0;
    for (const entry of expected) {
      const current = shown[index];
      if (current && current.id === entry.id && current.role === entry.role && current.text === entry.text) index += 1;
      else if (left && current?.id === entry.id && entry.text.startsWith(current.text)) {
        counts.streamsCut += 1;
        index += 1;
      } else if (left && entry.role !== "user" && !shown.some((candidate) => candidate.id === entry.id)) counts.answersLeftBehind += 1;
      else
        expect(shown.slice(index, index + 4), `session ${session}, the client's entry ${index}`).toEqual(
          expected.slice(expected.indexOf(entry), expected.indexOf(entry) + 4),
        );
      accounted.add(entry.id);
    }
    expect(shown.slice(index), `session ${session}: shown out of order`).toEqual([]);
  }
  expect(
    transcript.filter((entry) => !accounted.has(entry.id)),
    "entries the server never recorded",
  ).toEqual([]);
  return counts;
}

describe.each(integrationProfiles)("the seeded chaos run, deciding as %s", (profile) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startTestServer(chaosTimeScale, profile);
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps a 100-turn streamed conversation exact through seeded drops, duplicated and reordered replays", async () => {
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
      userRetries: 0,
      receivedTwiceAfterUserRetry: 0,
      answersLeftBehind: 0,
      streamsCut: 0,
      copiesFromRetries: 0,
    };
    let lastReconnectAt = Date.now();
    let reconnects = 0;
    client.on("state", (state) => {
      if (state.status !== "reconnecting") return;
      reconnects += 1;
      lastReconnectAt = Date.now();
    });
    const retried = new Set<string>();
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
      await until(
        client,
        (snapshot) => {
          const users = snapshot.messages.filter((message) => message.role === "user");
          // A message that may have reached a session the conversation had to leave fails; the visitor
          // taps Retry, as the widget offers.
          for (const failed of users.filter((message) => message.status === "failed" && !retried.has(message.id))) {
            retried.add(failed.id);
            queueMicrotask(() => client.retry(failed.id));
          }
          // The turn is answered once an agent message other than a new session's greeting is last, whole.
          const last = snapshot.messages.at(-1);
          const answered = last?.role === "agent" && !last.streaming && !isGreeting({ role: last.role, id: last.id, text: last.text });
          return users.length === turn + 1 && users.every((message) => message.status === "sent") && answered;
        },
        15_000,
      );
    }
    await until(client, (snapshot) => snapshot.connection.status === "connected");
    figures.reconnects = reconnects;
    figures.resentFrames = sentIds.length - turns;
    figures.sessions = storage.sessionIds.length;
    figures.userRetries = retried.size;

    const snapshot = client.getSnapshot();
    const received = storage.sessionIds
      .flatMap((sessionId) => server.inspect.receivedUserMessages(sessionId))
      .map((message) => message.clientEventId ?? "");
    const userIds = snapshot.messages.filter((message) => message.role === "user").map((message) => message.id);
    const twice = userIds.filter((id) => received.filter((receivedId) => receivedId === id).length === 2);
    figures.receivedTwiceAfterUserRetry = twice.length;

    expect(summary(snapshot).connection).toEqual({ status: "connected" });
    // The client's transcript is the server's record (see `compareWithRecords` for the sessions it left).
    const transcript: Entry[] = snapshot.messages.map((message) => ({ role: message.role, id: message.id, text: message.text }));
    const counts = compareWithRecords(
      transcript,
      recordedEntries(storage.sessionIds.map((sessionId) => server.inspect.storedEvents(sessionId))),
      storage.sessionIds.length,
    );
    Object.assign(figures, counts);
    if (profile === "default")
      expect(clientTranscript(snapshot)).toEqual(expectedTranscript(server.inspect.storedEvents(storage.sessionIds[0] ?? "")));
    expect(new Set(userIds).size).toBe(turns);
    expect(snapshot.messages.filter((message) => message.role === "user").map((message) => message.text)).toEqual(texts);
    // Under the default platform the conversation never has to leave its session, and nothing fails.
    if (profile === "default") expect([figures.sessions, figures.userRetries]).toEqual([1, 0]);
    // Every user message reached the server exactly once; a second copy only ever comes from the visitor's
    // own retry of a message that failed when its session had to be left (it may have reached that one).
    expect([...new Set(received)].sort()).toEqual([...userIds].sort());
    expect(twice.every((id) => retried.has(id))).toBe(true);
    expect(received.length).toBe(turns + twice.length);
    if (profile === "default") expect(received).toHaveLength(turns);
    console.log(`chaos run (${profile}, seed ${seed}): ${JSON.stringify(figures)} in ${Date.now() - startedAt} ms`);
    expect(figures.drops).toBeGreaterThan(5);
    expect(reconnects).toBeGreaterThan(5);
    client.destroy();
  }, 90_000);
});
