import type { ChatErrorInfo } from "../conversation.ts";
import type { ConversationContext } from "../delivery/message-frame.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { Delivery } from "../delivery/delivery.ts";
import type { Environment } from "../environment.ts";
import { toChatError } from "../errors.ts";
import type { RetryPolicy } from "../http/http-request.ts";
import { sizeRefusal } from "../lifecycle/transition.ts";
import type { Transport } from "../transport.ts";
import { createChatApiCalls, type ChatApiPlan } from "./chat-api-calls.ts";
import { initialChatApiState, transitionChatApi, type ChatApiEffect, type ChatApiEvent, type ChatApiPhase } from "./chat-api-lifecycle.ts";

/** What `createChatApiTransport` needs: the effects, the plan, the store and the shared delivery. */
export interface ChatApiTransportOptions {
  environment: Environment;
  /** Where and how to call; `{ error }` when the options name no usable Chat API. */
  plan: ChatApiPlan | { error: ChatErrorInfo };
  /** The site's context now, which each create carries in `integration_attributes.context`. */
  context?(): ConversationContext | undefined;
  apply(event: ConversationEvent): void;
  delivery: Delivery;
  /** Retry discipline of every call; `requestJson`'s default when absent. */
  retryPolicy?: RetryPolicy;
}

/** The Chat API transport with the phases its lifecycle went through. */
export interface ChatApiTransport extends Transport {
  /** The lifecycle phases in order, starting with `idle`. */
  readonly trace: readonly ChatApiPhase[];
}

/**
 * Creates the Chat API transport: the fallback, feeding the same store and delivering the same outbox as
 * the Messaging transport. It is the runner of `transitionChatApi`, which decides everything: it makes the
 * calls, reports their outcomes as inputs with the oldest waiting message, and carries out the effects.
 * Inputs that arrive while effects run are applied in order. After `destroy` nothing reaches the store.
 */
export function createChatApiTransport(input: ChatApiTransportOptions): ChatApiTransport {
  const { environment, plan, delivery } = input;
  let state = initialChatApiState;
  const trace: ChatApiPhase[] = [state.phase];
  const pending: ChatApiEvent[] = [];
  let dispatching = false;
  const destroyed = () => state.phase.name === "destroyed";
  const calls =
    "error" in plan
      ? null
      : createChatApiCalls({
          environment,
          ...plan,
          context: input.context,
          isCancelled: destroyed,
          retryPolicy: input.retryPolicy,
        });
  const now = () => environment.now();
  const apply = (event: ConversationEvent) => {
    if (!destroyed()) input.apply(event);
  };

  function dispatch(event: ChatApiEvent): void {
    pending.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const [waiting] = delivery.entries().filter((entry) => entry.state === "queued");
        const result = transitionChatApi(state, { ...next, next: waiting ? { id: waiting.id, text: waiting.text } : null });
        if (result.state.phase !== state.phase) trace.push(result.state.phase);
        state = result.state;
        for (const effect of result.effects) run(effect);
      }
    } finally {
      dispatching = false;
    }
  }

  function run(effect: ChatApiEffect): void {
    switch (effect.type) {
      case "create": {
        const { call } = effect;
        return void calls?.create().then(
          ({ conversationId, greeting }) => dispatch({ type: "created", call, conversationId, greeting }),
          (error: unknown) => dispatch({ type: "create-failed", call, error: toChatError(error) }),
        );
      }
      case "respond": {
        const { call, conversationId, entry } = effect;
        delivery.takeSendable(now(), 1);
        return void calls?.respond(conversationId, entry.text).then(
          (answer) => dispatch({ type: "answered", call, entry, answer }),
          (error: unknown) => dispatch({ type: "respond-failed", call, entry, error: toChatError(error) }),
        );
      }
      case "close":
        return void calls?.close(effect.conversationId).catch(() => {
          // Closing is best effort: a conversation left open times out on the platform.
        });
      case "apply":
        return apply(effect.event);
      case "say":
        return apply({
          kind: "agent-message",
          id: environment.createId(),
          text: effect.text,
          attachments: [],
          suggestions: [],
          time: now(),
        });
      case "notify":
        return apply({
          kind: "notice",
          id: `${effect.code}-${environment.createId()}`,
          level: effect.level,
          code: effect.code,
          time: now(),
        });
      case "deliver":
        return delivery.received({ kind: "user-message-replayed", ...effect.entry, time: now() });
      case "fail":
        return delivery.fail(effect.id);
      case "unconfirm":
        return delivery.unconfirm(effect.id);
      case "requeue":
        return delivery.requeue(effect.id);
      case "fail-queued":
        return delivery.failQueued();
      case "clear-outbox":
        return delivery.clear();
    }
  }

  const ignore = () => {
    // The Chat API has no typing events, and no connection to retry.
  };
  return {
    trace,
    start: () => dispatch({ type: "start", planError: "error" in plan ? plan.error : null }),
    admit: (frameBytes) => sizeRefusal(frameBytes),
    send: () => dispatch({ type: "outbox-changed" }),
    retry: ignore,
    typing: ignore,
    end: () => dispatch({ type: "end-requested" }),
    newConversation: () => dispatch({ type: "new-conversation" }),
    conversationId: () => ("conversationId" in state.phase ? state.phase.conversationId : null),
    destroy: () => dispatch({ type: "destroy" }),
  };
}
