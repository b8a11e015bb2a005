import { describe, expect, it } from "vitest";
import {
  initialLifecycleState,
  transition,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecycleState,
} from "../../src/transport/connection-state.ts";
import { ChatError, HttpError } from "../../src/transport/errors.ts";

const startEvent: LifecycleEvent = { type: "start", transport: "auto", useChatApi: false, host: "shop.example", online: true, restored: null };

/** Runs inputs from `state` at time `now` (each input 10 ms apart) and returns every state and effect. */
function run(events: LifecycleEvent[], state: LifecycleState = initialLifecycleState(), now = 1_000_000) {
  const states: LifecycleState[] = [];
  const effects: LifecycleEffect[][] = [];
  let current = state;
  events.forEach((event, index) => {
    const result = transition(current, { ...event, now: now + index * 10, random: 0.5 } as never);
    current = result.state;
    states.push(current);
    effects.push(result.effects);
  });
  return { states, effects, last: current, names: states.map((item) => item.phase.name) };
}

const toLive: LifecycleEvent[] = [
  startEvent,
  { type: "token-received" },
  { type: "session-created", sessionId: "s-1" },
  { type: "socket-opened" },
  { type: "batch-received", mayContinue: false },
];

const types = (effects: LifecycleEffect[]) => effects.map((effect) => (effect.type === "start-timer" || effect.type === "cancel-timer" ? `${effect.type}:${effect.name}` : effect.type));

describe("transition", () => {
  it("walks the new-session flow with the effects of each step", () => {
    const { names, effects } = run(toLive);
    expect(names).toEqual(["authorizing", "creating-session", "connecting", "replaying", "live"]);
    expect(types(effects[0] ?? [])).toEqual(["request-token", "notify"]);
    expect(types(effects[1] ?? [])).toEqual(["create-session"]);
    expect(types(effects[2] ?? [])).toEqual(["persist-session", "open-socket"]);
    expect(effects[3]).toEqual([]);
    expect(types(effects[4] ?? [])).toEqual([
      "cancel-timer:replay-settle",
      "end-replay",
      "send-frame",
      "persist-session",
      "flush-outbox",
      "start-timer:heartbeat",
      "start-timer:stable",
      "notify",
    ]);
    expect(effects[4]?.find((effect) => effect.type === "notify")).toEqual({ type: "notify", connection: { status: "connected" } });
  });

  it("is pure: the same state and input give the same result, and the state is not mutated", () => {
    const state = run(toLive).last;
    const frozen = JSON.stringify(state);
    const input = { type: "socket-closed", code: 4002, now: 5, random: 0.5 } as const;
    expect(transition(state, input)).toEqual(transition(state, input));
    expect(JSON.stringify(state)).toBe(frozen);
  });

  it("does not request a join when the history shows an agent joined, nor when it was requested before", () => {
    const joined = run([...toLive.slice(0, 4), { type: "history-seen", agentJoined: true, sessionEnded: false }, { type: "batch-received", mayContinue: false }]);
    expect(joined.effects[5]?.some((effect) => effect.type === "send-frame")).toBe(false);
    const restored = run([
      { ...startEvent, restored: { sessionId: "s-1", joinRequested: true, lastActivityAt: 1_000_000 } } as LifecycleEvent,
      { type: "token-received" },
      { type: "socket-opened" },
      { type: "batch-received", mayContinue: false },
    ]);
    expect(restored.names).toEqual(["authorizing", "connecting", "replaying", "live"]);
    expect(restored.effects[3]?.some((effect) => effect.type === "send-frame")).toBe(false);
  });

  it("waits for a further batch when the last one may continue, and ends the replay on a live frame", () => {
    const { names, effects } = run([...toLive.slice(0, 4), { type: "batch-received", mayContinue: true }, { type: "live-frame-received" }]);
    expect(names.slice(3)).toEqual(["replaying", "replaying", "live"]);
    expect(types(effects[4] ?? [])).toEqual(["start-timer:replay-settle"]);
    expect(types(effects[5] ?? [])).toContain("end-replay");
  });

  it("schedules a reconnect with backoff after a drop and opens the same session when the timer fires", () => {
    const { names, effects, states } = run([...toLive, { type: "socket-closed", code: 1006 }, { type: "timer-fired", name: "reconnect" }]);
    expect(names.slice(4)).toEqual(["live", "reconnecting", "connecting"]);
    expect(states[5]?.phase).toEqual({ name: "reconnecting", attempt: 1, nextAttemptAt: 1_000_050 + 1000 });
    expect(types(effects[5] ?? [])).toEqual([
      "socket-lost",
      "cancel-timer:heartbeat",
      "cancel-timer:heartbeat-deadline",
      "cancel-timer:stable",
      "cancel-timer:replay-settle",
      "start-timer:reconnect",
      "notify",
    ]);
    expect(effects[6]?.[0]).toEqual({ type: "open-socket", sessionId: "s-1" });
  });

  it("ignores inputs that do not apply in the current phase", () => {
    const live = run(toLive).last;
    for (const event of [
      { type: "token-failed", error: new ChatError("network", "x") },
      { type: "session-failed", error: new ChatError("network", "x") },
      { type: "socket-opened" },
      { type: "timer-fired", name: "reconnect" },
      { type: "woke" },
    ] as LifecycleEvent[]) {
      const result = transition(live, { ...event, now: 1, random: 0.5 } as never);
      expect(result.state.phase).toEqual({ name: "live" });
      expect(result.effects).toEqual([]);
    }
  });

  it("fails for good on a 401 from the access token, naming the likely cause", () => {
    const { last, effects } = run([startEvent, { type: "token-failed", error: new HttpError(401, "Connector token does not exist", null) }]);
    expect(last.phase).toEqual({
      name: "failed",
      error: { kind: "configuration", message: "The Messaging API does not know this connector token: check the connectorToken option." },
    });
    expect(types(effects[1] ?? []).at(-1)).toBe("notify");
  });

  it("fetches a new token when session creation answers 401, and waits the backoff when it happens again", () => {
    const refused: LifecycleEvent = { type: "session-failed", error: new HttpError(401, "Invalid access token", null) };
    const { names } = run([startEvent, { type: "token-received" }, refused, { type: "token-received" }, refused, { type: "timer-fired", name: "reconnect" }]);
    expect(names).toEqual(["authorizing", "creating-session", "authorizing", "creating-session", "reconnecting", "authorizing"]);
  });

  it("ends without reconnecting after SESSION_END, and replaces the session after an abandonment", () => {
    const ended = run([...toLive, { type: "session-ended", reason: "REASON_NATURAL_END" }, { type: "socket-closed", code: 1000 }]);
    expect(ended.names.slice(4)).toEqual(["live", "ended", "ended"]);
    expect(ended.effects[6]).toEqual([]);
    const abandoned = run([...toLive, { type: "session-ended", reason: "REASON_USER_ABANDONED" }]);
    expect(abandoned.last.phase.name).toBe("creating-session");
    expect(types(abandoned.effects[5] ?? [])).toEqual(expect.arrayContaining(["forget-session", "notice", "create-session"]));
  });

  it("hands over to the Chat API at once when told to, and then ignores everything but destroy", () => {
    const { names, effects } = run([{ ...startEvent, useChatApi: true } as LifecycleEvent, { type: "socket-closed", code: 1006 }]);
    expect(names).toEqual(["fallback", "fallback"]);
    expect(effects[0]).toEqual([{ type: "hand-over" }, { type: "notify", connection: { status: "fallback" } }]);
    expect(effects[1]).toEqual([]);
  });

  it("ends locally when the user ends while disconnected", () => {
    const { last, effects } = run([...toLive, { type: "socket-closed", code: 1006 }, { type: "end-requested" }]);
    expect(last.phase).toEqual({ name: "ended", reason: "REASON_USER_END" });
    expect(effects[6]).toContainEqual({ type: "end-locally", reason: "REASON_USER_END" });
  });

  it("never carries a token: the state holds only whether one is held", () => {
    const { last } = run(toLive);
    expect(Object.keys(last)).not.toContain("token");
    expect(last.hasToken).toBe(true);
  });
});
