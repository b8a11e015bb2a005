import { expect } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { createSession, getToken } from "./http.ts";
import type { ManualClock } from "./manual-clock.ts";
import { openSocket, type TestSocket, type WireEvent } from "./test-socket.ts";

/**
 * Fake time one agent answer may take on a server run by a manual clock at `timeScale` 1: thinking,
 * every chunk of the longest answer, or a whole handoff script. Far below the 10-minute idle expiry.
 */
export const agentTurnMilliseconds = 15_000;

/**
 * Reads the history replay that opens every connection: `EVENT_BATCH` frames until every id in
 * `expectedIds` has arrived (at least one batch is always read). Before waiting for each further batch
 * it calls `beforeNextBatch`, which moves a manual clock past a paced replay's pause. Returns the
 * batches and their events.
 */
export async function readReplay(
  socket: TestSocket,
  expectedIds: readonly string[] = [],
  options: { beforeNextBatch?: () => void; timeoutMilliseconds?: number } = {},
): Promise<{ batches: WireEvent[]; events: WireEvent[] }> {
  const batches: WireEvent[] = [];
  const events: WireEvent[] = [];
  const seen = new Set<string>();
  do {
    if (batches.length > 0) options.beforeNextBatch?.();
    const batch = await socket.next(() => true, options.timeoutMilliseconds ?? 3000);
    if (batch.type !== EventType.EventBatch) throw new Error(`expected an EVENT_BATCH, got ${batch.type}`);
    batches.push(batch);
    for (const event of batch.payload.events as WireEvent[]) {
      events.push(event);
      if (event.id) seen.add(event.id);
    }
  } while (expectedIds.some((id) => !seen.has(id)));
  return { batches, events };
}

/** Ids of the stored events of the session with a sequence above the cursor. */
export function storedIdsAfter(server: ReferenceServer, sessionId: string, cursor = 0): string[] {
  return server.inspect
    .storedEvents(sessionId)
    .filter((event) => event.sequence > cursor)
    .map((event) => event.id);
}

/** A new session with its first socket open and its initial replay read. */
export interface Conversation {
  token: string;
  sessionId: string;
  socket: TestSocket;
  replay: WireEvent[];
}

/** How a flow runs: streaming or not, with a given token, and on a manual clock it moves itself. */
export interface FlowOptions {
  streaming?: boolean;
  token?: string;
  /** The server's manual clock: moved on by `agentTurnMilliseconds` once the server has each request. */
  clock?: ManualClock;
}

/** Token → session → socket → replay, as a new client does it (no join yet). */
export async function startConversation(server: ReferenceServer, options: FlowOptions = {}): Promise<Conversation> {
  const token = options.token ?? (await getToken(server));
  const sessionId = await createSession(server, token, { streaming_enabled: options.streaming ?? false });
  const socket = await openSocket(server, { sessionId, token });
  const { events } = await readReplay(socket, storedIdsAfter(server, sessionId));
  return { token, sessionId, socket, replay: events };
}

/** A finished agent answer: the single message, or the whole chunk series with its concatenated text. */
export interface AgentReply {
  text: string;
  events: WireEvent[];
}

/**
 * Waits for the next complete service agent answer, plain or streamed. Every frame queued before the
 * answer starts (the thinking indicator, say) is consumed with it.
 */
export async function nextAgentReply(socket: TestSocket, timeoutMilliseconds = 4000): Promise<AgentReply> {
  const before = await socket.until(
    (event) => event.type === EventType.ServiceAgentMessage || event.type === EventType.ServiceAgentMessageChunk,
    timeoutMilliseconds,
  );
  const first = before[before.length - 1] as WireEvent;
  if (first.type === EventType.ServiceAgentMessage) return { text: String(first.payload.text), events: [first] };
  const events = [first];
  while (events[events.length - 1]?.payload.is_complete !== true) {
    events.push(
      await socket.next(
        (event) => event.type === EventType.ServiceAgentMessageChunk && event.payload.message_id === first.payload.message_id,
        timeoutMilliseconds,
      ),
    );
  }
  return { text: events.map((event) => String(event.payload.text ?? "")).join(""), events };
}

/**
 * Sends the join request and waits for the echo, `SERVICE_AGENT_JOINED` and the complete greeting;
 * everything queued up to the greeting is consumed.
 */
export async function joinAgent(
  socket: TestSocket,
  options: { custom?: Record<string, unknown>; clock?: ManualClock } = {},
): Promise<{ echo: WireEvent; joined: WireEvent; greeting: AgentReply }> {
  const { custom, clock } = options;
  socket.send({ type: EventType.RequestServiceAgentJoin, payload: {}, ...(custom ? { metadata: { custom } } : {}) });
  const echo = await socket.nextOfType(EventType.RequestServiceAgentJoin);
  clock?.advance(agentTurnMilliseconds);
  const joined = await socket.nextOfType(EventType.ServiceAgentJoined);
  const greeting = await nextAgentReply(socket);
  return { echo, joined, greeting };
}

/** Sends a user message and waits for its echo (then moves a manual clock on for the answer). */
export async function sendUserMessage(
  socket: TestSocket,
  text: string,
  options: { custom?: Record<string, unknown>; clock?: ManualClock } = {},
): Promise<WireEvent> {
  const { custom, clock } = options;
  socket.send({ type: EventType.UserMessage, payload: { text }, ...(custom ? { metadata: { custom } } : {}) });
  const echo = await socket.next(
    (event) =>
      event.type === EventType.UserMessage &&
      event.payload.text === text &&
      (custom === undefined || event.metadata?.custom?.client_event_id === custom.client_event_id),
  );
  clock?.advance(agentTurnMilliseconds);
  return echo;
}

/** A started conversation with the agent joined and its greeting read. */
export async function startJoinedConversation(server: ReferenceServer, options: FlowOptions = {}): Promise<Conversation> {
  const conversation = await startConversation(server, options);
  await joinAgent(conversation.socket, options.clock ? { clock: options.clock } : {});
  return conversation;
}

/**
 * Checks that the server sends this socket nothing matching `predicate` now that the session's agent
 * has nothing left to do: waits for the agent to be idle, then for a heartbeat round trip, then looks
 * at what is queued. No wall-clock wait, so it neither sleeps nor misses a late frame.
 */
export async function expectQuiet(
  server: ReferenceServer,
  sessionId: string,
  socket: TestSocket,
  predicate: (event: WireEvent) => boolean = () => true,
): Promise<void> {
  await server.inspect.whenAgentIdle(sessionId);
  await socket.roundTrip();
  expect(socket.queued(predicate).map((event) => event.type)).toEqual([]);
}
