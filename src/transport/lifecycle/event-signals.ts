import { act, replaceSession } from "./connecting.ts";
import { end, fail, prepend, socketPhases, startTimer, stay } from "./lifecycle-state.ts";
import type { LifecycleEffect, LifecycleInput, LifecycleSignal, LifecycleState, ServerCondition, Transition } from "./lifecycle-types.ts";
import { heartbeatInterval, messageSizeLimit, reconnectBudget } from "./reconnect-policy.ts";

/** After the agent could not start, the join is sent again at most this often, 2 to 5 s later each time. */
export const joinRetryLimit = 2;

/**
 * What an ordered event tells the lifecycle, for `transition`: the platform's limits at the session's start,
 * the join's progress, the handoffs, the session's end, and the remedies the platform's error texts call for
 * (never acting twice on one message). A server condition read from history was already acted on: it
 * changes nothing.
 */
export function applySignal(state: LifecycleState, signal: LifecycleSignal, history: boolean, input: LifecycleInput): Transition {
  switch (signal.kind) {
    case "session-started": {
      const capabilities = signal.capabilities;
      return stay({
        ...state,
        budget: reconnectBudget(capabilities),
        heartbeatMilliseconds: heartbeatInterval(capabilities),
        maxMessageBytes: messageSizeLimit(capabilities),
      });
    }
    case "agent-joined":
      return stay({ ...state, join: "done", joinRetries: 0, rejoin: "not-needed" }, [{ type: "cancel-timer", timer: "join" }]);
    case "join-echoed":
      return stay(state.join === "done" ? state : { ...state, join: "echoed" });
    case "client-handoff":
      return stay({ ...state, rejoin: "when-agent-leaves" });
    case "agent-left":
      return stay(state.rejoin === "when-agent-leaves" ? { ...state, rejoin: "before-next-message" } : state);
    case "handoff-failed":
      // The platform's agent may not come back by itself: the next message asks it back first.
      return stay(history ? state : { ...state, rejoin: "before-next-message" });
    case "session-ended": {
      const ended = { ...state, join: "done", sessionEnded: signal.reason } as const;
      if (!socketPhases.includes(state.phase.name)) return stay(ended);
      // An abandoned session is gone on the server (4001 follows): the conversation goes on in a new one.
      if (signal.reason === "REASON_USER_ABANDONED")
        return act(state, { kind: "session-gone", expired: true }, input, [{ type: "close-socket" }]);
      return end(ended, signal.reason, history, [{ type: "close-socket" }]);
    }
    case "server-condition":
      return history ? stay(state) : meetCondition(state, signal.condition, signal.answers, input);
  }
}

/** The remedies the platform prescribes for its error texts, never acting twice on the same message. */
function meetCondition(state: LifecycleState, condition: ServerCondition, answers: string | null, input: LifecycleInput): Transition {
  const answersJoin = answers !== null && answers === state.joinEventId;
  const messageId = answersJoin ? null : (answers ?? input.delivery.lastMessageId);
  switch (condition) {
    case "session-lost": {
      if (state.sessionEnded !== null) return stay(state);
      // A message the platform answered so was not taken: it goes to the next session, as it would have.
      const requeue: LifecycleEffect[] = answers === null || answersJoin ? [] : [{ type: "requeue", id: answers }];
      return prepend([{ type: "close-socket" }, ...requeue], replaceSession(state, input, false, requeue.length > 0));
    }
    case "forward-refused":
      return stay(state, [{ type: "not-delivered", id: answers }]);
    case "retrieve-failed":
      return stay(state, answers === null || answersJoin ? [] : [{ type: "not-delivered", id: answers }]);
    case "connector-lost":
      return fail(state, { kind: "configuration", code: "connector-not-found" }, [
        { type: "close-socket" },
        { type: "cancel-timer", timer: "join" },
      ]);
    case "unable-to-start":
      if (state.join === "done" || (answers !== null && !answersJoin) || state.joinRetries >= joinRetryLimit) return stay(state);
      return stay({ ...state, joinRetries: state.joinRetries + 1 }, [startTimer("join", 2000 + Math.round(input.random * 3000))]);
    case "conversation-lost": {
      if (messageId === null || messageId === state.relocatedMessageId) return stay({ ...state, rejoin: "before-next-message" });
      // The join did not help the second time: the message goes on in a new session, once.
      if (messageId === state.resentMessageId) {
        const resend: LifecycleEffect[] = [{ type: "close-socket" }, { type: "place-back", id: messageId, state: "queued" }];
        return prepend(resend, replaceSession({ ...state, relocatedMessageId: messageId }, input, false, true));
      }
      // The join goes first (now when live, else once the replay settles), then the message that got the error.
      const lost = { ...state, join: "due", rejoin: "not-needed", resentMessageId: messageId } as const;
      const resend: LifecycleEffect = { type: "place-back", id: messageId, state: "queued" };
      return stay(lost, state.phase.name === "live" ? [{ type: "send-join" }, resend] : [resend]);
    }
  }
}
