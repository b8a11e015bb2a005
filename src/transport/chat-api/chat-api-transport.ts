import type { ChatClientOptions } from "../chat-client-types.ts";
import type { ChatErrorInfo } from "../conversation.ts";
import type { ConversationContext } from "../conversation-context.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { Delivery, OutboxEntry } from "../delivery/delivery.ts";
import type { Environment } from "../environment.ts";
import { isChatError, isHttpError, toChatError, type ChatError } from "../errors.ts";
import type { RetryPolicy } from "../http/http-request.ts";
import { sizeRefusal } from "../lifecycle/transition.ts";
import type { Transport } from "../transport.ts";
import { createChatApiCalls, type ChatApiCalls } from "./chat-api-calls.ts";
import { classifyTurnFailure } from "./turn-failure.ts";

/** What `createChatApiTransport` needs: the effects, the client options, the store and the shared delivery. */
export interface ChatApiTransportOptions {
  environment: Environment;
  /** `chatUrl`, `chatHeaders`, `variantId` and `integrationAttributes` are used. */
  options: ChatClientOptions;
  /** The site's context now, which each create carries in `integration_attributes.context`. */
  context?(): ConversationContext | undefined;
  apply(event: ConversationEvent): void;
  delivery: Delivery;
  /** Retry discipline of every call; `requestJson`'s default when absent. */
  retryPolicy?: RetryPolicy;
}

/**
 * Creates the Chat API transport: the fallback, feeding the same store and delivering the same outbox as
 * the Messaging transport. Rules, where the platform leaves them to the client:
 * - `start` shows the Chat API as the transport (`fallback`, transport `chat`) and creates the
 *   conversation, whose greeting becomes an agent message; turns then go out one at a time, oldest first;
 * - while a call is in flight the store shows `turn-pending`; there are no typing events;
 * - an answer: the message is delivered, the `response` becomes an agent message (ids generated locally;
 *   an empty response adds none), a `handoff` is a client-managed handoff (`handoff-required` with its
 *   destination as the queue), and `end_conversation` ends the conversation (REASON_NATURAL_END);
 * - a failed turn is repeated automatically only when it provably never reached the server; otherwise it
 *   fails and the user may retry; a gone conversation (404, 410, 400 `CHAT_TIMEOUT`) is replaced by a new
 *   one with a `new-session` notice and the turn is sent there, once; refused credentials (401, 403) fail
 *   the connection and every waiting message;
 * - a 2xx whose body cannot be read was still received: the message is delivered (never sent twice) and a
 *   notice with code `unreadable-answer` is raised;
 * - a create that fails turns the connection `failed` (a 4xx other than 429 as a configuration error) and
 *   fails the waiting messages; the next message tries to create again, unless the configuration is wrong.
 */
export function createChatApiTransport(input: ChatApiTransportOptions): Transport {
  const { environment, options, delivery } = input;
  /** Ids of turns already sent again in a new conversation: they are never moved on a second time. */
  const restarted = new Set<string>();
  let calls: ChatApiCalls | null = null;
  let conversationId: string | null = null;
  /** Bumped by a new conversation; answers to calls of an older one are dropped. */
  let generation = 0;
  let greetingWanted = false;
  let working = false;
  let ended = false;
  let destroyed = false;
  let fatal = false;

  const apply = (event: ConversationEvent) => {
    if (!destroyed) input.apply(event);
  };
  const now = () => environment.now();
  const showConnection = (error?: ChatErrorInfo) =>
    apply({ kind: "connection-changed", connection: error ? { status: "failed", error } : { status: "fallback" }, transport: "chat" });
  const notice = (level: "info" | "error", code: "new-session" | "unreadable-answer") =>
    apply({ kind: "notice", id: `${code}-${environment.createId()}`, level, code, time: now() });

  function failFor(error: ChatErrorInfo): void {
    fatal = true;
    showConnection(error);
    delivery.failQueued();
  }

  async function work(): Promise<void> {
    if (working) return;
    working = true;
    try {
      while (!destroyed && !ended && !fatal && calls) {
        if (conversationId === null && (greetingWanted || delivery.facts().queued)) {
          if (!(await createConversation(calls))) break;
          continue;
        }
        const [entry] = delivery.takeSendable(now(), 1);
        if (!entry) break;
        await respond(calls, entry);
      }
    } finally {
      working = false;
    }
  }

  async function createConversation(api: ChatApiCalls): Promise<boolean> {
    const mine = generation;
    greetingWanted = false;
    apply({ kind: "turn-pending", pending: true });
    try {
      const created = await api.create();
      if (destroyed || mine !== generation) return !destroyed;
      if (ended) {
        api.close(created.conversationId).catch(ignore);
        return false;
      }
      conversationId = created.conversationId;
      apply({ kind: "turn-pending", pending: false });
      showConnection();
      if (created.greeting !== "") apply(agentMessage(created.greeting));
      return true;
    } catch (thrown) {
      apply({ kind: "turn-pending", pending: false });
      if (destroyed || ended || mine !== generation) return false;
      const error = toChatError(thrown);
      if (isHttpError(error) && error.status < 500 && error.status !== 429) failFor(refused(error));
      else
        showConnection(
          error.kind === "protocol"
            ? { kind: "protocol", code: "invalid-answer", parameters: { request: "create" } }
            : { kind: "network", code: "network-failure", parameters: { request: "create" } },
        );
      delivery.failQueued();
      return false;
    }
  }

  async function respond(api: ChatApiCalls, entry: OutboxEntry): Promise<void> {
    const mine = generation;
    apply({ kind: "turn-pending", pending: true });
    try {
      const answer = await api.respond(conversationId ?? "", entry.text);
      if (destroyed || mine !== generation) return;
      apply({ kind: "turn-pending", pending: false });
      delivered(entry);
      if (ended) return;
      showConnection();
      if (answer.response !== "") apply(agentMessage(answer.response));
      const handoff = answer.handoff;
      // The platform cannot route the user: the site must, as after a Messaging client-managed handoff.
      if (handoff)
        apply({
          kind: "client-handoff-required",
          reason: handoff.reason,
          queueName: handoff.destination,
          destination: handoff.destination,
        });
      if (answer.end_conversation) finish("REASON_NATURAL_END");
    } catch (thrown) {
      if (destroyed || mine !== generation) return;
      apply({ kind: "turn-pending", pending: false });
      // A 2xx whose body could not be read was received: the turn happened.
      if (isChatError(thrown) && thrown.kind === "protocol") {
        delivered(entry);
        return notice("error", "unreadable-answer");
      }
      const error = toChatError(thrown);
      const action = ended ? "fail-message" : classifyTurnFailure(error, restarted.has(entry.id));
      if (action === "new-conversation") {
        restarted.add(entry.id);
        conversationId = null;
        notice("info", "new-session");
        return delivery.requeue(entry.id);
      }
      delivery.fail(entry.id);
      if (action === "fatal") failFor(refused(error));
    }
  }

  /** The answer is the turn's receipt. */
  function delivered({ id, text }: OutboxEntry): void {
    delivery.received({ kind: "user-message-replayed", id, text, time: now() });
  }

  function finish(reason: string): void {
    ended = true;
    delivery.failQueued();
    apply({ kind: "session-ended", reason });
  }

  function agentMessage(text: string): ConversationEvent {
    return { kind: "agent-message", id: environment.createId(), text, attachments: [], suggestions: [], time: now() };
  }

  return {
    start() {
      if (calls || destroyed || fatal) return void work();
      try {
        calls = createChatApiCalls({
          environment,
          chatUrl: options.chatUrl ?? "",
          headers: options.chatHeaders,
          variantId: options.variantId,
          integrationAttributes: options.integrationAttributes,
          context: input.context,
          isCancelled: () => destroyed,
          retryPolicy: input.retryPolicy,
        });
      } catch (error) {
        const { code, parameters } = toChatError(error);
        return failFor({ kind: "configuration", code, parameters });
      }
      showConnection();
      greetingWanted = true;
      void work();
    },
    admit: (frameBytes) => sizeRefusal(frameBytes),
    send() {
      if (fatal || ended) delivery.failQueued();
      else void work();
    },
    retry: ignore,
    typing: ignore,
    end() {
      if (ended || destroyed) return;
      finish("REASON_USER_END");
      if (calls && conversationId !== null) calls.close(conversationId).catch(ignore);
    },
    newConversation() {
      if (destroyed) return;
      generation += 1;
      conversationId = null;
      ended = false;
      apply({ kind: "reset" });
      delivery.clear();
      if (!fatal) showConnection();
      greetingWanted = true;
      void work();
    },
    conversationId: () => conversationId,
    destroy() {
      destroyed = true;
    },
  };
}

/** The Chat API refused the credentials or the conversation, as a configuration error with its status. */
function refused(error: ChatError): ChatErrorInfo {
  return { kind: "configuration", code: "chat-api-refused", parameters: error.parameters };
}

function ignore(): void {
  // Closing is best effort, and the Chat API has no typing events nor a connection to retry.
}
