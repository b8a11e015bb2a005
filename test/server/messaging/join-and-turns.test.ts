import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import {
  joinAgent,
  nextAgentReply,
  expectQuiet,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { openSocket } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

const agentMessageTypes: string[] = [EventType.ServiceAgentMessage, EventType.ServiceAgentMessageChunk];

describe("join", { timeout: 6000 }, () => {
  it("does not join the agent until the client asks", async () => {
    const { socket, replay, sessionId } = await startConversation(server);
    expect(replay.map((event) => event.type)).toEqual([EventType.SessionStart]);
    await expectQuiet(server, sessionId, socket);
  });

  it("answers the join with the echo, SERVICE_AGENT_JOINED, THINKING and the greeting, in that order", async () => {
    const { socket } = await startConversation(server);
    socket.send({ type: EventType.RequestServiceAgentJoin, payload: {}, metadata: { custom: { client_event_id: "join-1" } } });
    const frames = await socket.until((event) => agentMessageTypes.includes(event.type));
    expect(frames.map((event) => event.type)).toEqual([
      EventType.RequestServiceAgentJoin,
      EventType.ServiceAgentJoined,
      EventType.ServiceAgentThinking,
      EventType.ServiceAgentMessage,
    ]);
    const [echo, joined, thinking, greeting] = frames;
    expect(echo?.metadata?.custom).toEqual({ client_event_id: "join-1" });
    expect(Number.isInteger(echo?.sequence)).toBe(true);
    expect(joined?.payload).toMatchObject({ agent_name: expect.any(String), agent_avatar_url: expect.any(String) });
    expect(joined?.payload.agent_name).not.toBe("");
    expect(thinking?.sequence).toBeNull();
    expect(greeting?.payload).toMatchObject({
      message_id: expect.any(String),
      text: expect.any(String),
      attachments: expect.any(Array),
      response_suggestions: expect.any(Array),
    });
    expect(greeting?.payload.text).not.toBe("");
  });

  it("echoes a second join while the agent is in the session and otherwise ignores it", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    const storedBefore = server.inspect.storedEvents(sessionId).length;
    socket.send({ type: EventType.RequestServiceAgentJoin, payload: {}, metadata: { custom: { client_event_id: "join-2" } } });
    const echo = await socket.nextOfType(EventType.RequestServiceAgentJoin);
    expect(echo.metadata?.custom).toEqual({ client_event_id: "join-2" });
    await expectQuiet(server, sessionId, socket);
    const stored = server.inspect.storedEvents(sessionId);
    expect(stored.length - storedBefore).toBeLessThanOrEqual(1);
    expect(stored.filter((event) => event.type === EventType.ServiceAgentJoined)).toHaveLength(1);
  });

  it("tells a client that messages before joining with 'Error: Conversation ID not found in session'", async () => {
    const { socket } = await startConversation(server);
    await sendUserMessage(socket, "hello before joining");
    const answer = await socket.nextOfType(EventType.SystemMessage);
    expect(answer.payload).toMatchObject({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Conversation ID not found in session" });
  });
});

describe("turns", { timeout: 6000 }, () => {
  it("answers a user message with the echo, THINKING and one SERVICE_AGENT_MESSAGE, in that order", async () => {
    const { socket } = await startJoinedConversation(server);
    socket.send({ type: EventType.UserMessage, payload: { text: "what can you do?" } });
    const frames = await socket.until((event) => agentMessageTypes.includes(event.type));
    expect(frames.map((event) => event.type)).toEqual([
      EventType.UserMessage,
      EventType.ServiceAgentThinking,
      EventType.ServiceAgentMessage,
    ]);
    expect(frames[0]?.payload.message_id).toEqual(expect.any(String));
  });

  it("keeps stored sequences strictly increasing across live events", async () => {
    const { socket } = await startJoinedConversation(server);
    for (const text of ["one", "two", "three"]) {
      await sendUserMessage(socket, text);
      await nextAgentReply(socket);
    }
    const stored = socket.received.filter((event) => event.type !== EventType.EventBatch && event.sequence !== null);
    for (let index = 1; index < stored.length; index += 1) {
      expect(stored[index]?.sequence as number).toBeGreaterThan(stored[index - 1]?.sequence as number);
    }
  });

  it("delivers every stored event to every socket of the session", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    const second = await openSocket(server, { sessionId, token });
    await readReplay(second, storedIdsAfter(server, sessionId));
    await sendUserMessage(socket, "shared with every tab");
    const reply = await nextAgentReply(socket);
    const echoOnSecond = await second.next(
      (event) => event.type === EventType.UserMessage && event.payload.text === "shared with every tab",
    );
    const replyOnSecond = await nextAgentReply(second);
    expect(replyOnSecond.events.map((event) => event.id)).toEqual(reply.events.map((event) => event.id));
    expect(echoOnSecond.sequence).toEqual(expect.any(Number));
  });

  it("never lets the events of one session reach another", async () => {
    const first = await startJoinedConversation(server);
    const second = await startJoinedConversation(server);
    second.socket.drain();
    await sendUserMessage(first.socket, "only for the first session");
    await nextAgentReply(first.socket);
    await server.inspect.whenAgentIdle(first.sessionId);
    await expectQuiet(server, second.sessionId, second.socket);
    const firstIds = new Set(first.socket.received.map((event) => event.id));
    expect(second.socket.received.filter((event) => event.type !== EventType.EventBatch && firstIds.has(event.id))).toEqual([]);
    expect(server.inspect.storedEvents(second.sessionId).map((event) => event.payload.text)).not.toContain("only for the first session");
  });
});

describe("the demo agent's scripted answers", { timeout: 6000 }, () => {
  it("answers with Markdown text", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("markdown"));
    const reply = await nextAgentReply(socket);
    expect(reply.text).toMatch(/\*\*[^*]+\*\*/);
  });

  it("answers with an image attachment", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("image"));
    const reply = await nextAgentReply(socket);
    expect(reply.events.at(-1)?.payload.attachments).toEqual([
      expect.objectContaining({ content_type: "ATTACHMENT_CONTENT_TYPE_IMAGE", content_url: expect.any(String) }),
    ]);
  });

  it("answers with a link card and a call to action", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("link"));
    const reply = await nextAgentReply(socket);
    const [card] = reply.events.at(-1)?.payload.attachments ?? [];
    expect(card).toMatchObject({ content_type: "ATTACHMENT_CONTENT_TYPE_URL", call_to_action_text: expect.any(String) });
    expect(card.call_to_action_text).not.toBe("");
  });

  it("offers response suggestions with non-empty message_text", async () => {
    const { socket } = await startConversation(server);
    const { greeting } = await joinAgent(socket);
    const suggestions = greeting.events.at(-1)?.payload.response_suggestions as { message_text: string }[];
    expect(suggestions.length).toBeGreaterThan(0);
    for (const suggestion of suggestions) expect(suggestion.message_text).not.toBe("");
  });

  it("sends the exact high-load notice when busy", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("busy"));
    const notice = await socket.nextOfType(EventType.SystemMessage);
    expect(notice.payload.message).toBe("Our system is experiencing high load. Please try again in a moment.");
  });

  it("announces a language switch with LANGUAGE_CHANGED and a BCP 47 code", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("french"));
    const changed = await socket.nextOfType(EventType.LanguageChanged);
    expect(changed.payload.language_code).toMatch(/^fr(-[A-Z]{2})?$/);
    expect(changed.sequence).toEqual(expect.any(Number));
    await nextAgentReply(socket);
  });
});
