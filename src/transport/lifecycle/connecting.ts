import { sessionExpiredCloseCode, sessionIdleExpiryMilliseconds } from "../../protocol/index.ts";
import { classifyFailure, describeFailure, type Failure } from "./failure-classification.ts";
import { end, enter, fail, freshAttempts, freshSession, prepend, startTimer } from "./lifecycle-state.ts";
import type { LifecycleEffect, LifecycleInput, LifecycleState, NewSessionNotice, Transition } from "./lifecycle-types.ts";
import { reconnectDelay } from "./reconnect-policy.ts";

/** The lifecycle's moves towards a live socket, and its answers when one fails; `transition` decides when. */

/**
 * Nothing is on its way in either direction: no message waits for its receipt, the last one was answered,
 * and no agent is answering or on the way. A session left now loses nothing and leaves nothing in doubt.
 */
export function isQuiet(input: LifecycleInput): boolean {
  const { awaitingReplay, oldestInFlightSentAt, lastMessageId, lastMessageAnswered } = input.delivery;
  return !awaitingReplay && oldestInFlightSentAt === null && (lastMessageId === null || lastMessageAnswered) && !input.agentEngaged;
}

/** The session has been idle longer than the platform keeps one: it may have expired. */
export function idleTooLong(state: LifecycleState, input: LifecycleInput): boolean {
  return input.now - state.lastActivityAt > sessionIdleExpiryMilliseconds;
}

/** The held token is due for renewal, and this is a quiet moment to renew it (see `isQuiet`). */
export function dueForRenewal(state: LifecycleState, input: LifecycleInput): boolean {
  return state.token === "bound" && input.now >= state.tokenRenewAt && isQuiet(input);
}

/**
 * Takes the next step towards a live socket: a token, then a session, then the socket. A fresh token is
 * fetched for every new session, once the held one has expired, and once it is due for renewal at a quiet
 * moment; until then a session's own token opens it again, so that a platform binding tokens to sessions
 * never refuses a reconnect while something is on its way. A session idle for longer than the platform
 * keeps one is still tried: only the platform can tell it is gone.
 */
export function proceed(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  const tokenUsable =
    state.token !== "none" &&
    !dueForRenewal(state, input) &&
    input.now < state.tokenExpiresAt &&
    (state.sessionId !== null || state.token === "fresh");
  if (!tokenUsable) return enter({ ...state, token: "none" }, "authorizing", [{ type: "request", request: "access-token" }]);
  if (state.sessionId === null) return enter(state, "creating-session", [{ type: "request", request: "sessions" }]);
  return enter(state, "connecting", [{ type: "open-socket", sessionId: state.sessionId }]);
}

/**
 * The session is gone: forget it, and create another one when a message waits to be sent or the visitor
 * engaged while it was being tried, saying so; else the conversation waits for the visitor (`dormant`),
 * its transcript on show, and says so when it goes on (see `resumeDormant`); `resending`: the effects
 * before these queue a message again. The notice says the session expired only when it did (`expired`:
 * the platform said so, or it was idle longer than the platform keeps one); otherwise that it could not be
 * continued. A message that may have reached the old session is `unconfirmed`, for the user to send again
 * or not: it is never sent to the new one behind the user's back. A message the old session took is left
 * as it is: it arrived; an answer it was streaming is cut where it stands.
 */
export function replaceSession(state: LifecycleState, input: LifecycleInput, expired: boolean, resending = false): Transition {
  const code = expired || (!state.sessionRestored && idleTooLong(state, input)) ? "new-session" : "session-not-resumed";
  const cut: LifecycleEffect = { type: "apply", event: { kind: "answer-cut" } };
  const forget: LifecycleEffect[] = [{ type: "forget-session" }, { type: "leave-session" }, cut];
  const left = { ...state, ...freshSession, ...freshAttempts, attempt: 0 };
  if (!input.delivery.queued && !resending && !state.visitorEngaged)
    return { state: { ...left, phase: { name: "dormant", notice: code } }, effects: forget };
  return prepend([...forget, noticeOf(code, input)], proceed(left, input));
}

/**
 * Takes the next step towards a live socket (see `proceed`); a conversation left dormant first says why its
 * session is a new one.
 */
export function resumeDormant(state: LifecycleState, input: LifecycleInput): Transition {
  const next = proceed(state, input);
  return state.phase.name === "dormant" ? prepend([noticeOf(state.phase.notice, input)], next) : next;
}

function noticeOf(code: NewSessionNotice, input: LifecycleInput): LifecycleEffect {
  return { type: "apply", event: { kind: "notice", id: `${code}-${input.now}`, level: "info", code, time: input.now } };
}

/** Carries out the classified answer to a failure; `cleanUp` runs first. */
export function act(state: LifecycleState, failure: Failure, input: LifecycleInput, cleanUp: LifecycleEffect[] = []): Transition {
  switch (classifyFailure(failure, state)) {
    case "retry":
      return prepend(cleanUp, scheduleReconnect(state, input));
    case "refresh-token": {
      const refreshed = { ...state, token: "none", tokenRefreshedInStreak: true } as const;
      // A second refusal in the same run waits the backoff, so a persistent 401 cannot spin.
      return prepend(cleanUp, state.tokenRefreshedInStreak ? scheduleReconnect(refreshed, input) : proceed(refreshed, input));
    }
    case "new-session": {
      const expired =
        (failure.kind === "close" && failure.code === sessionExpiredCloseCode) || (failure.kind === "session-gone" && failure.expired);
      return prepend(cleanUp, replaceSession(state, input, expired));
    }
    case "fall-back":
      return enter(state, "fallback", [...cleanUp, { type: "hand-over" }]);
    case "fatal":
      if (state.sessionEnded !== null) return end(state, state.sessionEnded, false, cleanUp);
      return fail(state, describeFailure(failure, state.host), cleanUp);
  }
}

/** Spends one attempt of the budget and waits the backoff, or fails when the budget is spent. */
export function scheduleReconnect(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  const attempt = state.attempt + 1;
  if (attempt > state.budget)
    return fail(
      { ...state, attempt },
      { kind: "budget-exhausted", code: "reconnect-budget-spent", parameters: { attempts: state.budget } },
    );
  const delay = reconnectDelay(attempt, () => input.random);
  return {
    state: { ...state, attempt, phase: { name: "reconnecting", attempt, nextAttemptAt: input.now + delay } },
    effects: [startTimer("phase", delay)],
  };
}

/** A silent socket is closed and replaced at once, spending one attempt; once the budget is spent, it fails as a drop would. */
export function replaceSocket(state: LifecycleState, input: LifecycleInput): Transition {
  const replaced = { ...state, attempt: state.attempt + 1, heartbeatsUnanswered: 0 };
  return prepend([{ type: "close-socket" }], state.attempt < state.budget ? proceed(replaced, input) : scheduleReconnect(state, input));
}
