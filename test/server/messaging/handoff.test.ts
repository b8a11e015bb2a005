import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { welcomeBack } from "../../../demo/server/agent/replies.ts";
import { EventType, TypingState } from "../../../src/protocol/event-types.ts";
import { expectQuiet, nextAgentReply, sendUserMessage, startJoinedConversation } from "../support/conversation-flow.ts";
import type { WireEvent } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

const handoffTypes = new Set<string>([
  EventType.ServiceAgentTriggeredHandoff,
  EventType.ServiceAgentLeft,
  EventType.ServiceAgentJoined,
  EventType.HandoffAccepted,
  EventType.HandoffQueueStatus,
  EventType.LiveAgentJoined,
  EventType.LiveAgentLeft,
  EventType.ClientHandoffRequired,
  EventType.HandoffFailed,
  EventType.HandoffTimeout,
  EventType.SessionEnd,
]);

/** The handoff-relevant types of a stretch of frames, with runs of queue updates collapsed into one. */
function handoffOutline(frames: readonly WireEvent[]): string[] {
  const outline: string[] = [];
  for (const frame of frames) {
    if (!handoffTypes.has(frame.type)) continue;
    if (frame.type === EventType.HandoffQueueStatus && outline.at(-1) === EventType.HandoffQueueStatus) continue;
    outline.push(frame.type);
  }
  return outline;
}

describe("server-managed handoff", { timeout: 8000 }, () => {
  it("runs TRIGGERED_HANDOFF → SERVICE_AGENT_LEFT → HANDOFF_ACCEPTED → QUEUE_STATUS… → LIVE_AGENT_JOINED → typing and messages → LIVE_AGENT_LEFT → SESSION_END natural", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("live-handoff"));
    const untilJoined = await socket.until((event) => event.type === EventType.LiveAgentJoined, 5000);
    expect(handoffOutline(untilJoined)).toEqual([
      EventType.ServiceAgentTriggeredHandoff,
      EventType.ServiceAgentLeft,
      EventType.HandoffAccepted,
      EventType.HandoffQueueStatus,
      EventType.LiveAgentJoined,
    ]);
    const queue = untilJoined.filter((event) => event.type === EventType.HandoffQueueStatus);
    expect(
      queue.map((status) => status.payload.position_in_queue),
      "the queue counts down",
    ).toEqual([3, 2, 1]);
    for (const status of queue) {
      expect(status.payload.position_in_queue).toEqual(expect.any(Number));
      expect(status.payload.estimated_wait_seconds).toEqual(expect.any(Number));
      expect(status.sequence).toEqual(expect.any(Number));
    }
    const joined = untilJoined.at(-1) as WireEvent;
    const agent = joined.payload.agent as { id: string; name: string; avatar_url: string };
    expect(agent).toEqual({ id: expect.any(String), name: expect.any(String), avatar_url: expect.any(String) });
    expect(agent.id).not.toBe("");

    const greeting = await socket.until((event) => event.type === EventType.LiveAgentMessage, 4000);
    const typing = greeting.filter((event) => event.type === EventType.LiveAgentTyping);
    expect(typing.map((event) => event.payload.state)).toContain(TypingState.Started);
    for (const event of typing) {
      expect(event.sequence).toBeNull();
      expect(event.payload.agent_id).toBe(agent.id);
    }
    const liveGreeting = greeting.at(-1) as WireEvent;
    expect(liveGreeting.payload).toMatchObject({ message_id: expect.any(String), agent_id: agent.id, text: expect.any(String) });

    socket.send({ type: EventType.UserTyping, payload: { state: TypingState.Started } });
    await sendUserMessage(socket, "my order never arrived");
    const answer = await socket.until((event) => event.type === EventType.LiveAgentMessage, 4000);
    expect(answer.map((event) => event.type)).not.toContain(EventType.ServiceAgentThinking);
    expect(answer.map((event) => event.type)).not.toContain(EventType.ServiceAgentMessage);
    expect(answer.map((event) => event.type)).not.toContain(EventType.UserTyping);
    expect(answer.at(-1)?.payload.agent_id).toBe(agent.id);

    await sendUserMessage(socket, "bye");
    const ending = await socket.until((event) => event.type === EventType.SessionEnd, 4000);
    expect(handoffOutline(ending)).toEqual([EventType.LiveAgentLeft, EventType.SessionEnd]);
    expect(ending.map((event) => event.type).indexOf(EventType.LiveAgentMessage)).toBeLessThan(
      ending.map((event) => event.type).indexOf(EventType.LiveAgentLeft),
    );
    expect(ending.at(-1)?.payload.reason).toBe("REASON_NATURAL_END");
    expect((await socket.waitForClose()).code).toBe(1000);
    const stored = server.inspect.storedEvents(sessionId).map((event) => event.type);
    expect(stored).not.toContain(EventType.LiveAgentTyping);
    expect(stored.at(-1)).toBe(EventType.SessionEnd);
  });
});

describe("client-managed handoff", { timeout: 6000 }, () => {
  it("runs TRIGGERED_HANDOFF → CLIENT_HANDOFF_REQUIRED → SERVICE_AGENT_LEFT with a reason and a queue name", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("client-handoff"));
    const frames = await socket.until((event) => event.type === EventType.ServiceAgentLeft, 4000);
    expect(handoffOutline(frames)).toEqual([
      EventType.ServiceAgentTriggeredHandoff,
      EventType.ClientHandoffRequired,
      EventType.ServiceAgentLeft,
    ]);
    const required = frames.find((event) => event.type === EventType.ClientHandoffRequired) as WireEvent;
    expect(["COMPLEX_QUERY", "AGENT_DECISION", "POLICY"]).toContain(required.payload.reason);
    expect(required.payload.queue_name).toEqual(expect.any(String));
    await expectQuiet(
      server,
      sessionId,
      socket,
      (event) => event.type === EventType.LiveAgentJoined || event.type === EventType.HandoffAccepted,
    );
  });
});

describe("the service agent asked back after a client-managed handoff", { timeout: 6000 }, () => {
  it("says a short welcome back instead of its whole greeting, then answers the user's message", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    const greeting = server.inspect.storedEvents(sessionId).find((event) => event.type === EventType.ServiceAgentMessage);
    await sendUserMessage(socket, triggerPhrase("client-handoff"));
    await socket.until((event) => event.type === EventType.ServiceAgentLeft, 4000);
    socket.send({ type: EventType.RequestServiceAgentJoin, payload: {} });
    await socket.nextOfType(EventType.ServiceAgentJoined);
    const back = await nextAgentReply(socket);
    expect(back.text).toBe(welcomeBack("en").text);
    expect(back.text).not.toBe(greeting?.payload.text);
    expect(back.text.length).toBeLessThan(60);
    await sendUserMessage(socket, triggerPhrase("markdown"));
    expect((await nextAgentReply(socket)).text).toMatch(/\*\*[^*]+\*\*/);
  });
});

describe("handoff failure endings: the service agent rejoins", { timeout: 6000 }, () => {
  it.each([
    ["handoff-fail" as const, EventType.HandoffFailed],
    ["handoff-timeout" as const, EventType.HandoffTimeout],
  ])("after %s the service agent rejoins and the conversation goes on with it", async (intent, ending) => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase(intent));
    const frames = await socket.until((event) => event.type === EventType.ServiceAgentJoined, 4000);
    const outline = handoffOutline(frames);
    expect(outline[0]).toBe(EventType.ServiceAgentTriggeredHandoff);
    expect(outline).toContain(ending);
    expect(outline.indexOf(ending)).toBeLessThan(outline.indexOf(EventType.ServiceAgentJoined));
    expect(outline).not.toContain(EventType.LiveAgentJoined);
    const failure = frames.find((event) => event.type === ending) as WireEvent;
    expect(failure.sequence).toEqual(expect.any(Number));
    await nextAgentReply(socket);
    await sendUserMessage(socket, "are you still there?");
    const reply = await nextAgentReply(socket);
    expect(reply.events[0]?.type).toBe(EventType.ServiceAgentMessage);
  });
});
