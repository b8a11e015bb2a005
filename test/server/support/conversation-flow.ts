import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { createSession, getToken } from "./http.ts";
import { openSocket, type TestSocket, type WireEvent } from "./test-socket.ts";

/**
 * Reads the history replay that opens every connection: `EVENT_BATCH` frames until every id in
 * `expectedIds` has arrived (at least one batch is always read). Returns the batches and their events.
 */
export async function readReplay(
  socket: TestSocket,
  expectedIds: readonly string[] = [],
  timeoutMilliseconds = 3000,
): Promise<{ batches: WireEvent[]; events: WireEvent[] }> {
  const batches: WireEvent[] = [];
  const events: WireEvent[] = [];
  const seen = new Set<string>();
  do {
    const batch = await socket.next(() => true, timeoutMilliseconds);
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

/** Token → session → socket → replay, as a new client does it (no join yet). */
export async function startConversation(
  server: ReferenceServer,
  options: { streaming?: boolean; token?: string } = {},
): Promise<Conversation> {
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
  custom?: Record<string, unknown>,
): Promise<{ echo: WireEvent; joined: WireEvent; greeting: AgentReply }> {
  socket.send({ type: EventType.RequestServiceAgentJoin, payload: {}, ...(custom ? { metadata: { custom } } : {}) });
  const echo = await socket.nextOfType(EventType.RequestServiceAgentJoin);
  const joined = await socket.nextOfType(EventType.ServiceAgentJoined);
  const greeting = await nextAgentReply(socket);
  return { echo, joined, greeting };
}

/** Sends a user message and waits for its echo. */
export async function sendUserMessage(
  socket: TestSocket,
  text: string,
  custom?: Record<string, unknown>,
): Promise<WireEvent> {
  socket.send({ type: EventType.UserMessage, payload: { text }, ...(custom ? { metadata: { custom } } : {}) });
  return socket.next(
    (event) =>
      event.type === EventType.UserMessage &&
      event.payload.text === text &&
      (custom === undefined || event.metadata?.custom?.client_event_id === custom.client_event_id),
  );
}

/** A started conversation with the agent joined and its greeting read. */
export async function startJoinedConversation(
  server: ReferenceServer,
  options: { streaming?: boolean } = {},
): Promise<Conversation> {
  const conversation = await startConversation(server, options);
  await joinAgent(conversation.socket);
  return conversation;
}

