import { expect } from "vitest";
import { EventType } from "../../../src/protocol/event-types.ts";
import { platformProfiles } from "../../../demo/server/index.ts";
import { SystemMessageText } from "../../../src/protocol/error-texts.ts";
import {
  agentTurnMilliseconds,
  expectQuiet,
  nextAgentReply,
  readReplay,
  sendUserMessage,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { createSession, getToken } from "../support/http.ts";
import { handshake, openSocket, type WireEvent } from "../support/test-socket.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";
import { socketUrl } from "../support/test-server.ts";
import type { VariantCheck } from "./variant-checks.ts";

/**
 * The checks of the variants that touch a conversation's course: what history keeps of a message, what
 * keeps a session alive, what a resume, a stream, a handoff or a handshake may meet.
 */
export const conversationVariantChecks: readonly VariantCheck[] = [
  {
    profile: "history-without-metadata",
    shows: "the replay carries no metadata, while the live echo keeps the message's client_event_id",
    async run({ server, clock }) {
      const { socket, sessionId, token } = await startJoinedConversation(server, { clock });
      const custom = { client_event_id: "written-1" };
      const echo = await sendUserMessage(socket, "remember my id", { custom, clock });
      expect(echo.metadata?.custom).toEqual(custom);
      const resumed = await openSocket(server, { sessionId, token });
      const paced = { beforeNextBatch: () => clock.advance(server.platform.replayBatchDelayMilliseconds ?? 0) };
      const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId), paced);
      const replayed = events.filter((event) => event.type === EventType.UserMessage || event.type === EventType.RequestServiceAgentJoin);
      expect(replayed.map((event) => event.type)).toEqual([EventType.RequestServiceAgentJoin, EventType.UserMessage]);
      for (const event of events) expect(event).not.toHaveProperty("metadata");
      expect(replayed[1]?.payload.text).toBe("remember my id");
    },
  },
  {
    profile: "silent-resume",
    shows: "a socket whose cursor is the latest stored event gets no EVENT_BATCH, and live events simply follow",
    async run({ server, clock }) {
      const { sessionId, token } = await startJoinedConversation(server, { clock });
      await server.inspect.whenAgentIdle(sessionId);
      const latest = Math.max(...server.inspect.storedEvents(sessionId).map((event) => event.sequence));
      const resumed = await openSocket(server, { sessionId, token, cursor: String(latest) });
      resumed.send({ type: EventType.UserMessage, payload: { text: "anything new?" } });
      const first = await resumed.next(() => true);
      expect(first.type, "no batch comes first").toBe(EventType.UserMessage);
      const behind = await openSocket(server, { sessionId, token, cursor: String(latest - 1) });
      expect((await behind.next(() => true)).type, "a cursor behind the latest still gets its replay").toBe(EventType.EventBatch);
    },
  },
  {
    profile: "refused-first-resume",
    shows: "a token's first upgrade to a session it did not create is refused once with 503, the creator's never",
    async run({ server }) {
      const creator = await getToken(server);
      const sessionId = await createSession(server, creator);
      const other = await getToken(server);
      const url = (token: string) => socketUrl(server, { session_id: sessionId, access_token: token });
      expect(await handshake(url(other))).toEqual({ status: 503, text: "service unavailable" });
      expect((await handshake(url(other))).status, "the next try is not refused for the same reason").not.toBe(503);
      expect((await handshake(url(creator))).status).toBe(101);
      expect((await handshake(url(creator))).status).toBe(101);
    },
  },
  {
    profile: "stream-errors",
    shows: "every fifth streamed message of a session is cut halfway by the stored streaming error, and never completed",
    async run({ server, clock }) {
      const { socket, sessionId } = await startJoinedConversation(server, { clock, streaming: true });
      const every = platformProfiles["stream-errors"].streamErrorEvery;
      for (let turn = 2; turn < every; turn += 1) {
        await sendUserMessage(socket, `question ${turn}`, { clock });
        await nextAgentReply(socket);
      }
      await sendUserMessage(socket, "the unlucky question", { clock });
      const frames = await socket.until((event) => event.type === EventType.SystemMessage);
      const streamed = frames.filter((event) => event.type === EventType.ServiceAgentMessageChunk);
      const cutId = streamed.at(-1)?.payload.message_id;
      const chunks = streamed.filter((chunk) => chunk.payload.message_id === cutId);
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.some((chunk) => chunk.payload.is_complete === true)).toBe(false);
      const error = frames.at(-1) as WireEvent;
      expect(error.payload).toEqual({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: SystemMessageText.StreamingError });
      expect(error.sequence).toEqual(expect.any(Number));
      clock.advance(agentTurnMilliseconds);
      await expectQuiet(server, sessionId, socket, (event) => event.payload.message_id === chunks[0]?.payload.message_id);
    },
  },
  {
    profile: "forward-failures",
    shows:
      "a message sent while the live agent is awaited is refused with an error carrying its metadata, and one after it joined goes through",
    async run({ server, clock }) {
      const { socket, sessionId } = await startJoinedConversation(server, { clock });
      await sendUserMessage(socket, triggerPhrase("live-handoff"));
      // Far enough for the handoff to be accepted, not for the live agent to join.
      clock.advance(2500);
      await socket.nextOfType(EventType.HandoffAccepted);
      const custom = { client_event_id: "while-queued" };
      socket.send({ type: EventType.UserMessage, payload: { text: "anyone there?" }, metadata: { custom } });
      const refusal = await socket.next((event) => event.type === EventType.SystemMessage || event.type === EventType.UserMessage);
      expect(refusal.type).toBe(EventType.SystemMessage);
      expect(refusal.payload).toEqual({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: SystemMessageText.ForwardFailed });
      expect(refusal.sequence).toBeNull();
      expect(refusal.metadata?.custom).toEqual(custom);
      expect(server.inspect.receivedUserMessages(sessionId).map((message) => message.text)).not.toContain("anyone there?");
      clock.advance(agentTurnMilliseconds);
      await socket.nextOfType(EventType.LiveAgentJoined);
      expect((await sendUserMessage(socket, "now?", { clock })).payload.text).toBe("now?");
    },
  },
  {
    profile: "heartbeats-not-activity",
    shows: "heartbeats do not put off the idle expiry, while a user message does",
    async run({ server, clock }) {
      const { socket, sessionId } = await startJoinedConversation(server, { clock });
      for (let minute = 0; minute < 8; minute += 1) {
        clock.advance(60_000);
        socket.send({ type: EventType.Heartbeat, payload: {} });
        await socket.nextOfType(EventType.Heartbeat);
      }
      await sendUserMessage(socket, "still here", { clock });
      clock.advance(10 * 60_000 - agentTurnMilliseconds - 1000);
      expect(server.inspect.sessionIds(), "a user message put the expiry off").toContain(sessionId);
      socket.send({ type: EventType.Heartbeat, payload: {} });
      await socket.nextOfType(EventType.Heartbeat);
      clock.advance(2000);
      expect([1000, 4001]).toContain((await socket.waitForClose()).code);
      expect(server.inspect.sessionIds()).not.toContain(sessionId);
    },
  },
];
