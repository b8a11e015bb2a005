import { expect } from "vitest";
import { type PlatformProfileName, platformProfiles } from "../../../demo/server/index.ts";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import {
  agentTurnMilliseconds,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { createSession, getToken, request, requestAccessToken, requestSession } from "../support/http.ts";
import type { ManualClock } from "../support/manual-clock.ts";
import { handshake, openSocket, type WireEvent } from "../support/test-socket.ts";
import { socketUrl } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";
import { conversationVariantChecks } from "./conversation-variant-checks.ts";

/** A server run at full scale on a manual clock, so each variant's timing is exact. */
export interface ClockedServer {
  server: ReferenceServer;
  clock: ManualClock;
}

/** One variant's conformance check: it passes when the variant is on, and fails under the default decisions. */
export interface VariantCheck {
  /** The profile that switches on this variant alone. */
  profile: Exclude<PlatformProfileName, "default" | "all-variants">;
  /** What the check shows, as a test name. */
  shows: string;
  run(target: ClockedServer): Promise<void>;
}

// What the checks expect, from the single-variant profiles (the all-variants profile uses the same numbers).
const { replayBatchSize, replayBatchDelayMilliseconds } = platformProfiles["replay-batches"];
const { tokenExpirySeconds } = platformProfiles["token-expiry"];
const { chatTimeoutSeconds } = platformProfiles["chat-timeout"];

/** Moves the clock past each pause of a paced replay (a no-op for an unpaced one). */
function paced({ server, clock }: ClockedServer): { beforeNextBatch: () => void } {
  return { beforeNextBatch: () => clock.advance(server.platform.replayBatchDelayMilliseconds ?? 0) };
}

function chatCall(server: ReferenceServer, action: "create" | "respond" | "close", body: unknown) {
  const { baseUrl, apiKey, token } = server.credentials.chat;
  return request(`${baseUrl}/${action}`, {
    method: action === "close" ? "PUT" : "POST",
    headers: { "X-API-KEY": apiKey, "X-TOKEN": token, "Content-Type": "application/json" },
    body,
  });
}

/** Every variant's check, in the order `platformProfiles` lists the variants. */
export const variantChecks: readonly VariantCheck[] = [
  {
    profile: "batch-without-id",
    shows: "every EVENT_BATCH wrapper carries only type and payload.events, around whole events",
    async run(target) {
      const { server, clock } = target;
      const { socket, sessionId, token } = await startJoinedConversation(server, { clock });
      const resumed = await openSocket(server, { sessionId, token });
      const expected = storedIdsAfter(server, sessionId);
      const { batches, events } = await readReplay(resumed, expected, paced(target));
      for (const batch of [socket.received[0] as WireEvent, ...batches]) {
        const { bytes: _bytes, ...wrapper } = batch;
        expect(Object.keys(wrapper)).toEqual(["type", "payload"]);
        expect(Object.keys(batch.payload)).toEqual(["events"]);
      }
      expect(events.map((event) => event.id)).toEqual(expected);
      for (const event of events) expect(event.sequence).toEqual(expect.any(Number));
    },
  },
  {
    profile: "replay-batches",
    shows: "a replay comes in batches of a few events with pauses between them, and live events wait for the last",
    async run({ server, clock }) {
      const size = replayBatchSize;
      const pause = replayBatchDelayMilliseconds;
      const { socket, sessionId, token } = await startJoinedConversation(server, { clock });
      for (const text of ["first question", "second question"]) await sendUserMessage(socket, text, { clock });
      const expected = storedIdsAfter(server, sessionId);
      expect(expected.length).toBeGreaterThan(2 * size);
      const resumed = await openSocket(server, { sessionId, token });
      const first = await resumed.nextOfType(EventType.EventBatch);
      await sendUserMessage(socket, "said while the replay is paused");
      const batchCount = Math.ceil(expected.length / size);
      for (let batch = 1; batch < batchCount; batch += 1) clock.advance(pause);
      const rest = await resumed.until((event) => event.type === EventType.UserMessage);
      const batches = [first, ...rest.slice(0, -1)];
      expect(batches.map((batch) => batch.type)).toEqual(Array.from({ length: batchCount }, () => EventType.EventBatch));
      expect(batches.map((batch) => batch.payload.events.length)).toEqual(
        Array.from({ length: batchCount }, (_, index) => Math.min(size, expected.length - index * size)),
      );
      expect(batches.flatMap((batch) => batch.payload.events.map((event: WireEvent) => event.id))).toEqual(expected);
      expect(rest.at(-1)?.payload.text, "the live echo follows the last batch").toBe("said while the replay is paused");
      const stamps = batches.map((batch) => batch.timestamp).filter((stamp) => stamp !== undefined);
      for (let index = 1; index < stamps.length; index += 1) {
        expect(Date.parse(stamps[index] as string) - Date.parse(stamps[index - 1] as string), "stamped as it went out").toBe(pause);
      }
    },
  },
  {
    profile: "skipping-sequences",
    shows: "sequences increase but skip numbers, live and in a replay from a cursor",
    async run(target) {
      const { server, clock } = target;
      const { socket, sessionId, token } = await startJoinedConversation(server, { clock });
      await sendUserMessage(socket, "count with me", { clock });
      await socket.nextOfType(EventType.ServiceAgentMessage);
      const stored = server.inspect.storedEvents(sessionId).map((event) => event.sequence);
      const gaps = stored.slice(1).map((sequence, index) => sequence - (stored[index] as number));
      expect(gaps.length).toBeGreaterThan(4);
      for (const gap of gaps) expect(gap).toBeGreaterThan(1);
      const live = socket.received.filter((event) => event.type !== EventType.EventBatch && event.sequence !== null);
      expect(live.map((event) => event.sequence)).toEqual(stored.slice(1, live.length + 1));
      const cursor = stored[2] as number;
      const resumed = await openSocket(server, { sessionId, token, cursor: String(cursor) });
      const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId, cursor), paced(target));
      expect(events.map((event) => event.sequence)).toEqual([1, ...stored.filter((sequence) => sequence > cursor)]);
    },
  },
  {
    profile: "assembled-history",
    shows: "streamed chunks go out transient and history holds the assembled message, sent right after the last chunk",
    async run({ server, clock }) {
      const { socket, sessionId } = await startConversation(server, { streaming: true });
      const assembledAfterChunks = async (): Promise<{ chunks: WireEvent[]; whole: WireEvent }> => {
        const frames = await socket.until(
          (event) => event.type === EventType.ServiceAgentMessageChunk && event.payload.is_complete === true,
        );
        const chunks = frames.filter((event) => event.type === EventType.ServiceAgentMessageChunk);
        expect(chunks.length).toBeGreaterThan(1);
        for (const chunk of chunks) expect(chunk.sequence).toBeNull();
        const whole = await socket.next();
        expect(whole.type, "the assembled message comes right after the last chunk").toBe(EventType.ServiceAgentMessage);
        expect(whole.sequence).toEqual(expect.any(Number));
        expect(whole.payload).toEqual({
          message_id: chunks[0]?.payload.message_id,
          text: chunks.map((chunk) => chunk.payload.text).join(""),
          attachments: chunks.flatMap((chunk) => chunk.payload.attachments),
          response_suggestions: chunks.flatMap((chunk) => chunk.payload.response_suggestions),
        });
        return { chunks, whole };
      };
      socket.send({ type: EventType.RequestServiceAgentJoin, payload: {} });
      await socket.nextOfType(EventType.RequestServiceAgentJoin);
      clock.advance(agentTurnMilliseconds);
      const greeting = await assembledAfterChunks();
      expect(greeting.whole.payload.response_suggestions).not.toEqual([]);
      await sendUserMessage(socket, triggerPhrase("image"), { clock });
      const image = await assembledAfterChunks();
      expect(image.whole.payload.attachments).toHaveLength(1);
      const stored = server.inspect.storedEvents(sessionId);
      expect(stored.map((event) => event.type)).not.toContain(EventType.ServiceAgentMessageChunk);
      expect(stored.map((event) => event.id)).toEqual(expect.arrayContaining([greeting.whole.id, image.whole.id]));
    },
  },
  {
    profile: "heartbeat-echo-without-id",
    shows: "a heartbeat echo lacks id and timestamp, and still carries the client's metadata",
    async run({ server }) {
      const { socket } = await startConversation(server);
      const custom = { client_event_id: "beat-1" };
      socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom } });
      const echo = await socket.nextOfType(EventType.Heartbeat);
      expect(echo).not.toHaveProperty("id");
      expect(echo).not.toHaveProperty("timestamp");
      expect(echo.payload).toEqual({});
      expect(echo.sequence ?? null).toBeNull();
      expect(echo.metadata?.custom).toEqual(custom);
    },
  },
  {
    profile: "no-heartbeat-echo",
    shows: "a heartbeat gets no echo at all, and the socket stays served",
    async run({ server }) {
      const { socket } = await startConversation(server);
      socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom: { client_event_id: "unanswered" } } });
      socket.send({ type: EventType.RequestServiceAgentJoin, payload: {} });
      const answered = await socket.until((event) => event.type === EventType.RequestServiceAgentJoin);
      expect(
        answered.map((event) => event.type),
        "an echo would have come before the join's",
      ).toEqual([EventType.RequestServiceAgentJoin]);
    },
  },
  {
    profile: "session-bound-tokens",
    shows: "an access token opens only the session it created; any valid token still creates sessions",
    async run({ server }) {
      const creator = await getToken(server);
      const sessionId = await createSession(server, creator);
      const other = await getToken(server);
      const url = socketUrl(server, { session_id: sessionId, access_token: other });
      // A platform may also refuse a token's first try for a reason of its own: the second says why.
      expect((await handshake(url)).status).not.toBe(101);
      expect(await handshake(url)).toEqual({ status: 401, text: "authentication failed" });
      expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: creator }))).status).toBe(101);
      const own = await createSession(server, other);
      expect((await handshake(socketUrl(server, { session_id: own, access_token: other }))).status).toBe(101);
    },
  },
  {
    profile: "idle-close-without-end",
    shows: "idle expiry, and the expiry fault, close with 1000 and no SESSION_END, and the session is gone",
    async run({ server, clock }) {
      const { socket, sessionId } = await startConversation(server);
      clock.advance(10 * 60 * 1000);
      expect((await socket.waitForClose()).code).toBe(1000);
      expect(socket.received.map((event) => event.type)).toContain(EventType.SessionIdleWarning);
      expect(socket.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
      expect(server.inspect.storedEvents(sessionId).map((event) => event.type)).not.toContain(EventType.SessionEnd);
      expect(server.inspect.sessionIds()).not.toContain(sessionId);
      // A fresh token: the old one may have expired too, and that answer (401) would come first.
      const fresh = await getToken(server);
      expect(await handshake(socketUrl(server, { session_id: sessionId, access_token: fresh }))).toEqual({
        status: 404,
        text: "session not found",
      });
      const expiring = await startConversation(server);
      server.faults.expireSession(expiring.sessionId);
      expect((await expiring.socket.waitForClose()).code).toBe(1000);
      expect(expiring.socket.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
    },
  },
  {
    profile: "token-expiry",
    shows: "access tokens expire after expires_in seconds, with the documented 401s",
    async run({ server, clock }) {
      const lifetime = tokenExpirySeconds;
      const { connectorToken, registeredHost } = server.credentials;
      const issued = await requestAccessToken(server, connectorToken, registeredHost);
      expect(issued.body.expires_in).toBe(lifetime);
      const token = issued.body.access_token as string;
      const sessionId = await createSession(server, token);
      const url = socketUrl(server, { session_id: sessionId, access_token: token });
      clock.advance(lifetime * 1000 - 1);
      expect((await requestSession(server, `Bearer ${token}`)).status, "a millisecond before").toBe(200);
      expect((await handshake(url)).status).toBe(101);
      clock.advance(1);
      const refused = await requestSession(server, `Bearer ${token}`);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: "Invalid access token" });
      expect(await handshake(url)).toEqual({ status: 401, text: "authentication failed" });
      const fresh = await getToken(server);
      const freshSession = await createSession(server, fresh);
      expect((await handshake(socketUrl(server, { session_id: freshSession, access_token: fresh }))).status).toBe(101);
    },
  },
  {
    profile: "chat-timeout",
    shows: "a Chat API respond after the timeout answers 400 CHAT_TIMEOUT and the conversation is gone",
    async run({ server, clock }) {
      const timeout = chatTimeoutSeconds * 1000;
      const created = await chatCall(server, "create", {});
      const conversationId = created.body.conversation_id as string;
      clock.advance(timeout - 1);
      expect((await chatCall(server, "respond", { conversation_id: conversationId, message: "still here" })).status).toBe(200);
      clock.advance(timeout - 1);
      expect((await chatCall(server, "respond", { conversation_id: conversationId, message: "each call counts" })).status).toBe(200);
      clock.advance(timeout);
      const late = await chatCall(server, "respond", { conversation_id: conversationId, message: "anyone?" });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ success: false, error_code: "CHAT_TIMEOUT", error_message: "Chat session exceeded the timeout limit." });
      expect((await chatCall(server, "respond", { conversation_id: conversationId, message: "again" })).status).toBe(404);
      expect((await chatCall(server, "close", { conversation_id: conversationId })).status).toBe(404);
      const quiet = (await chatCall(server, "create", {})).body.conversation_id as string;
      clock.advance(timeout);
      expect((await chatCall(server, "close", { conversation_id: quiet })).body, "closing a timed-out conversation").toEqual({
        success: true,
      });
      expect((await chatCall(server, "respond", { conversation_id: quiet })).status).toBe(404);
    },
  },
  {
    profile: "zero-capabilities",
    shows: "SESSION_START announces 0 reconnect attempts (unlimited) and a heartbeat interval of 0 (off)",
    async run({ server }) {
      const { replay } = await startConversation(server, { streaming: true });
      expect(replay[0]?.payload.capabilities).toEqual({
        streaming: true,
        max_message_size_bytes: 131072,
        max_reconnect_attempts: 0,
        heartbeat_interval_seconds: 0,
      });
    },
  },
  {
    profile: "refuse-second-join",
    shows: "a join while the agent is in the session is refused with an error that carries the frame's metadata",
    async run({ server, clock }) {
      const { socket, sessionId } = await startJoinedConversation(server, { clock });
      const storedBefore = server.inspect.storedEvents(sessionId).length;
      const custom = { client_event_id: "join-again", note: "kept" };
      socket.send({ type: EventType.RequestServiceAgentJoin, payload: {}, metadata: { custom } });
      const answer = await socket.next(
        (event) => event.type === EventType.SystemMessage || event.type === EventType.RequestServiceAgentJoin,
      );
      expect(answer.type).toBe(EventType.SystemMessage);
      expect(answer.payload).toEqual({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Service agent already joined" });
      expect(answer.sequence).toBeNull();
      expect(answer.metadata?.custom).toEqual(custom);
      expect(server.inspect.storedEvents(sessionId)).toHaveLength(storedBefore);
    },
  },
  ...conversationVariantChecks,
];
