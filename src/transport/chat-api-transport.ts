import type { ChatClientOptions } from "./chat-client-types.ts";
import { createChatApiClient, type ChatApiClient } from "./chat-api-client.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import type { ChatErrorInfo, ConversationSnapshot } from "./conversation.ts";
import type { Environment } from "./environment.ts";
import { ChatError, isHttpError } from "./errors.ts";
import type { RetryPolicy } from "./http-request.ts";

/** Code of the notice raised when the Chat API says the conversation is gone (404/410). */
export const conversationGoneNoticeCode = "new-session";
/** Code of the notice raised when a delivered message's answer could not be read. */
export const unreadableAnswerNoticeCode = "unreadable-answer";

/** The part of the conversation store the transport writes to and reads message statuses from. */
export interface ConversationSink {
  apply(event: ConversationEvent): void;
  getSnapshot(): ConversationSnapshot;
}

/** What `createChatApiTransport` needs: the effects, the client options, and the store to feed. */
export interface ChatApiTransportOptions {
  environment: Environment;
  /** `chatUrl`, `chatHeaders`, `variantId` and `integrationAttributes` are used. */
  options: ChatClientOptions;
  store: ConversationSink;
  /** Retry discipline of every call; `requestJson`'s default when absent. */
  retryPolicy?: RetryPolicy;
}

/** The Chat API fallback, feeding the same store as the Messaging transport. */
export interface ChatApiTransport {
  /**
   * Shows the Chat API as the transport (`connection: fallback`, transport `chat`), creates the conversation
   * (its greeting becomes an agent message) and then sends `pendingUserMessages` in order, for example the
   * Messaging outbox's unsent messages when falling back. Idempotent.
   */
  start(pendingUserMessages?: readonly { id: string; text: string }[]): void;
  /**
   * Sends one user message, exactly once. A new id shows at once as `sending`; an id whose message
   * `failed` is retried (`user-message-retrying`); an id already waiting or delivered is ignored. Turns go
   * out one at a time, in order. Starts the transport when it was not started.
   */
  send(id: string, text: string): void;
  /** Ends the conversation for the user: `session-ended` (REASON_USER_END) now, then `close` in the background. */
  end(): void;
  /** Stops everything: no further request and no further store event. The server conversation is left open. */
  destroy(): void;
}

interface Turn {
  id: string;
  text: string;
}

/**
 * Creates the Chat API transport. Rules, where the platform leaves them to the client:
 * - while a call is in flight the store shows `turn-pending`; there are no typing events;
 * - an answer: `user-message-sent`, the `response` as an agent message (ids generated locally; an empty
 *   response adds none), then a `handoff` → `handoff-over` and `session-ended` (REASON_NATURAL_END), or
 *   `end_conversation` → `session-ended` (REASON_NATURAL_END);
 * - 429, 5xx and network failures are retried by `requestJson`; once its attempts are spent the message is
 *   `failed` (the user may retry) and the next turn goes on;
 * - 404 or 410 (the conversation is unknown or over): the message is `failed`, a notice with code
 *   `new-session` is raised, and the next message (or the retry) starts a new conversation first;
 * - 401, 403, and any other 4xx on create: a configuration error (connection `failed`); every message
 *   then fails at once;
 * - a 2xx whose body cannot be read was still received: the message is `sent` (never sent twice) and a
 *   notice with code `unreadable-answer` is raised;
 * - a create that fails after its retries turns the connection `failed` (kind `network` or `protocol`) and
 *   fails the waiting messages; the next message tries to create again.
 */
export function createChatApiTransport(input: ChatApiTransportOptions): ChatApiTransport {
  const { environment, options, store } = input;
  const turns: Turn[] = [];
  const tracked = new Set<string>();
  let client: ChatApiClient | null = null;
  let conversationId: string | null = null;
  let greetingWanted = false;
  let started = false;
  let working = false;
  let ended = false;
  let destroyed = false;
  let fatal: ChatErrorInfo | null = null;

  const apply = (event: ConversationEvent) => {
    if (!destroyed) store.apply(event);
  };

  function fail(error: ChatErrorInfo): void {
    apply({ kind: "connection-changed", connection: { status: "failed", error }, transport: "chat" });
  }

  function failWaitingTurns(): void {
    for (const turn of turns.splice(0)) {
      tracked.delete(turn.id);
      apply({ kind: "user-message-failed", id: turn.id });
    }
  }

  function enqueue(id: string, text: string): void {
    if (tracked.has(id)) return;
    const existing = store.getSnapshot().messages.find((message) => message.id === id);
    if (existing?.status === "sent") return;
    if (!existing) apply({ kind: "user-message-queued", id, text, time: environment.now() });
    else if (existing.status === "failed") apply({ kind: "user-message-retrying", id });
    if (ended || fatal) {
      apply({ kind: "user-message-failed", id });
      return;
    }
    tracked.add(id);
    turns.push({ id, text });
  }

  async function work(): Promise<void> {
    if (working) return;
    working = true;
    try {
      while (!destroyed && !ended && !fatal && client) {
        if (conversationId === null && (greetingWanted || turns.length > 0)) {
          if (!(await createConversation(client))) failWaitingTurns();
          continue;
        }
        const turn = turns.shift();
        if (!turn) break;
        await respond(client, turn);
      }
    } finally {
      working = false;
    }
  }

  async function createConversation(api: ChatApiClient): Promise<boolean> {
    greetingWanted = false;
    apply({ kind: "turn-pending", pending: true });
    try {
      const created = await api.create();
      if (destroyed) return false;
      if (ended) {
        api.close(created.conversationId).catch(ignore);
        return false;
      }
      conversationId = created.conversationId;
      apply({ kind: "connection-changed", connection: { status: "fallback" }, transport: "chat" });
      apply({ kind: "turn-pending", pending: false });
      if (created.greeting !== "") apply(agentMessage(created.greeting));
      return true;
    } catch (error) {
      apply({ kind: "turn-pending", pending: false });
      if (destroyed || ended) return false;
      if (isHttpError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        fatal = { kind: "configuration", message: `The Chat API refused to create a conversation: ${error.message}` };
        fail(fatal);
        return false;
      }
      fail({ kind: error instanceof ChatError && error.kind === "protocol" ? "protocol" : "network", message: describe(error) });
      return false;
    }
  }

  async function respond(api: ChatApiClient, turn: Turn): Promise<void> {
    apply({ kind: "turn-pending", pending: true });
    try {
      const answer = await api.respond(conversationId ?? "", turn.text);
      tracked.delete(turn.id);
      if (destroyed) return;
      apply({ kind: "turn-pending", pending: false });
      apply({ kind: "user-message-sent", id: turn.id, time: environment.now() });
      if (ended) return;
      apply({ kind: "connection-changed", connection: { status: "fallback" }, transport: "chat" });
      if (answer.response !== "") apply(agentMessage(answer.response));
      if (answer.handoff) {
        const over: ConversationEvent = { kind: "handoff-over" };
        if (answer.handoff.destination !== "") over.destination = answer.handoff.destination;
        if (answer.handoff.reason !== "") over.reason = answer.handoff.reason;
        finish(over);
      } else if (answer.end_conversation) {
        finish(null);
      }
    } catch (error) {
      tracked.delete(turn.id);
      apply({ kind: "turn-pending", pending: false });
      if (destroyed) return;
      handleRespondFailure(turn, error);
    }
  }

  function handleRespondFailure(turn: Turn, error: unknown): void {
    if (error instanceof ChatError && error.kind === "protocol") {
      apply({ kind: "user-message-sent", id: turn.id, time: environment.now() });
      raiseNotice("error", "The answer to this message could not be read.", unreadableAnswerNoticeCode);
      return;
    }
    apply({ kind: "user-message-failed", id: turn.id });
    if (ended || !isHttpError(error)) return;
    if (error.status === 401 || error.status === 403) {
      fatal = { kind: "configuration", message: `The Chat API refused the credentials (${error.status})` };
      fail(fatal);
      failWaitingTurns();
    } else if (error.status === 404 || error.status === 410) {
      conversationId = null;
      raiseNotice("info", "The conversation had ended. Your next message starts a new one.", conversationGoneNoticeCode);
    }
  }

  function finish(handoff: ConversationEvent | null): void {
    ended = true;
    failWaitingTurns();
    if (handoff) apply(handoff);
    apply({ kind: "session-ended", reason: "REASON_NATURAL_END" });
  }

  function raiseNotice(level: "info" | "error", text: string, code: string): void {
    apply({ kind: "notice", id: `${code}-${environment.createId()}`, level, text, time: environment.now(), code });
  }

  function agentMessage(text: string): ConversationEvent {
    return { kind: "agent-message", id: environment.createId(), text, attachments: [], suggestions: [], time: environment.now() };
  }

  function begin(): void {
    if (started || destroyed) return;
    started = true;
    try {
      client = createChatApiClient({
        environment,
        chatUrl: options.chatUrl ?? "",
        headers: options.chatHeaders,
        variantId: options.variantId,
        integrationAttributes: options.integrationAttributes,
        isCancelled: () => destroyed,
        retryPolicy: input.retryPolicy,
      });
    } catch (error) {
      fatal = { kind: "configuration", message: describe(error) };
      fail(fatal);
      return;
    }
    apply({ kind: "connection-changed", connection: { status: "fallback" }, transport: "chat" });
    greetingWanted = true;
  }

  return {
    start(pendingUserMessages = []) {
      const first = !started;
      begin();
      for (const message of pendingUserMessages) enqueue(message.id, message.text);
      if (first || turns.length > 0) void work();
    },
    send(id, text) {
      begin();
      if (destroyed) return;
      enqueue(id, text);
      void work();
    },
    end() {
      if (ended || destroyed) return;
      ended = true;
      failWaitingTurns();
      apply({ kind: "session-ended", reason: "REASON_USER_END" });
      if (client && conversationId !== null) client.close(conversationId).catch(ignore);
    },
    destroy() {
      destroyed = true;
      turns.length = 0;
      tracked.clear();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : "The Chat API request failed";
}

function ignore(): void {
  // Closing is best effort: the conversation is over for the user whatever the server answers.
}
