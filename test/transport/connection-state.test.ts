import { describe, expect, it } from "vitest";
import {
  initialLifecycleState,
  transition,
  type AgentPresence,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecycleState,
} from "../../src/transport/connection-state.ts";
import { ChatError, HttpError } from "../../src/transport/errors.ts";

const startEvent: LifecycleEvent = { type: "start", transport: "auto", useChatApi: false, host: "shop.example", online: true, restored: null };

/** Runs inputs from `state` at time `now` (each input `step` ms apart) and returns every state and effect. */
function run(events: LifecycleEvent[], state: LifecycleState = initialLifecycleState(), now = 1_000_000, step = 10) {
  const states: LifecycleState[] = [];
  const effects: LifecycleEffect[][] = [];
  let current = state;
  events.forEach((event, index) => {
    const result = transition(current, { ...event, now: now + index * step, random: 0.5 } as never);
    current = result.state;
    states.push(current);
    effects.push(result.effects);
  });
  return { states, effects, last: current, names: states.map((item) => item.phase.name) };
}

const replayed = (joinNeedless = false, mayContinue = false): LifecycleEvent => ({ type: "frame-received", batch: true, mayContinue, joinNeedless });

const presence = (value: AgentPresence): LifecycleEvent => ({ type: "agent-presence", presence: value });

const toLive: LifecycleEvent[] = [startEvent, { type: "token-received" }, { type: "session-created", sessionId: "s-1" }, { type: "socket-opened" }, replayed()];

const types = (effects: LifecycleEffect[]) =>
  effects.map((effect) =>
    effect.type === "start-timer" ? `start-timer:${effect.milliseconds}` : effect.type === "request" ? `request:${effect.request}` : effect.type,
  );

describe("transition", () => {
  it("walks the new-session flow with the effects of each step", () => {
    const { names, effects } = run(toLive);
    expect(names).toEqual(["authorizing", "creating-session", "connecting", "replaying", "live"]);
    expect(effects.map(types)).toEqual([
      ["cancel-timer", "request:access-token"],
      ["cancel-timer", "request:sessions"],
      ["cancel-timer", "open-socket"],
      ["cancel-timer"],
      ["cancel-timer", "send-frame", "end-replay", "start-timer:30000"],
    ]);
    expect(effects[2]?.[1]).toEqual({ type: "open-socket", sessionId: "s-1" });
    expect(effects[4]?.[1]).toEqual({ type: "send-frame", frame: { type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN", payload: {} } });
  });

  it("is pure: the same state and input give the same result, and the state is not mutated", () => {
    const state = run(toLive).last;
    const frozen = JSON.stringify(state);
    const input = { type: "socket-closed", code: 4002, now: 5, random: 0.5 } as const;
    expect(transition(state, input)).toEqual(transition(state, input));
    expect(JSON.stringify(state)).toBe(frozen);
  });

  it("does not request a join when the history shows an agent joined, nor when it was requested before", () => {
    const joined = run([...toLive.slice(0, 4), replayed(true)]);
    expect(joined.names.at(-1)).toBe("live");
    expect(joined.effects[4]?.some((effect) => effect.type === "send-frame")).toBe(false);
    const restored = run([
      { ...startEvent, restored: { sessionId: "s-1", joinRequested: true, lastActivityAt: 1_000_000 } } as LifecycleEvent,
      { type: "token-received" },
      { type: "socket-opened" },
      replayed(),
    ]);
    expect(restored.names).toEqual(["authorizing", "connecting", "replaying", "live"]);
    expect(restored.effects[3]?.some((effect) => effect.type === "send-frame")).toBe(false);
  });

  it("asks the service agent back before the next message once it left after a client-managed handoff, once", () => {
    const { effects } = run([...toLive, presence("client-handoff"), presence("agent-left"), { type: "messages-waiting" }, { type: "messages-waiting" }]);
    expect(effects.slice(5, 7).map(types)).toEqual([[], []]);
    expect(effects[7]).toEqual([{ type: "send-frame", frame: { type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN", payload: {} } }, { type: "send-messages" }]);
    expect(effects[8]).toEqual([{ type: "send-messages" }]);
  });

  it("does not re-join for a replayed history that ends with a client-managed handoff: only a message does", () => {
    const restored = { ...startEvent, restored: { sessionId: "s-1", joinRequested: true, lastActivityAt: 1_000_000 } } as LifecycleEvent;
    const history = [presence("agent-joined"), presence("client-handoff"), presence("agent-left")];
    const { names, effects } = run([restored, { type: "token-received" }, { type: "socket-opened" }, ...history, replayed(true), { type: "messages-waiting" }]);
    expect(names.slice(-2)).toEqual(["live", "live"]);
    expect(types(effects.at(-2) ?? [])).toEqual(["cancel-timer", "end-replay", "start-timer:30000"]);
    expect(types(effects.at(-1) ?? [])).toEqual(["send-frame", "send-messages"]);
  });

  it("needs no re-join when an agent joins again, nor when the agent left for a server-managed handoff", () => {
    const waiting: LifecycleEvent = { type: "messages-waiting" };
    const rejoined = run([...toLive, presence("client-handoff"), presence("agent-left"), presence("agent-joined"), waiting]);
    expect(types(rejoined.effects.at(-1) ?? [])).toEqual(["send-messages"]);
    const serverManaged = run([...toLive, presence("agent-left"), presence("agent-joined"), presence("agent-left"), waiting]);
    expect(types(serverManaged.effects.at(-1) ?? [])).toEqual(["send-messages"]);
  });

  it("asks the agent back before the next message after the server says the conversation is not found", () => {
    const lost = presence("conversation-lost");
    const { effects, last } = run([...toLive, lost, { type: "messages-waiting" }]);
    expect(types(effects.at(-1) ?? [])).toEqual(["send-frame", "send-messages"]);
    expect(last.rejoin).toBe("not-needed");
  });

  it("sends nothing for waiting messages until live, and remembers a due re-join across a reconnect", () => {
    const lost = presence("conversation-lost");
    const dropped = run([...toLive, lost, { type: "socket-closed", code: 4002 }, { type: "messages-waiting" }]);
    expect(dropped.names.at(-1)).toBe("reconnecting");
    expect(dropped.effects.at(-1)).toEqual([]);
    const back = run([{ type: "timer-fired" }, { type: "socket-opened" }, replayed(), { type: "messages-waiting" }], dropped.last);
    expect(back.names).toEqual(["connecting", "replaying", "live", "live"]);
    expect(types(back.effects.at(-1) ?? [])).toEqual(["send-frame", "send-messages"]);
  });

  it("waits for a further batch when the last one may continue, and ends the replay on a live frame or the settle timer", () => {
    const live = run([...toLive.slice(0, 4), replayed(false, true), { type: "frame-received", batch: false, mayContinue: false, joinNeedless: false }]);
    expect(live.names.slice(3)).toEqual(["replaying", "replaying", "live"]);
    expect(types(live.effects[4] ?? [])).toEqual(["start-timer:300"]);
    expect(types(live.effects[5] ?? [])).toContain("end-replay");
    const settled = run([...toLive.slice(0, 4), replayed(false, true), { type: "timer-fired" }]);
    expect(settled.names.slice(3)).toEqual(["replaying", "replaying", "live"]);
    expect(types(settled.effects[5] ?? [])).toContain("end-replay");
  });

  it("schedules a reconnect with backoff after a drop and opens the same session when the timer fires", () => {
    const { names, effects, states } = run([...toLive, { type: "socket-closed", code: 1006 }, { type: "timer-fired" }]);
    expect(names.slice(4)).toEqual(["live", "reconnecting", "connecting"]);
    expect(states[5]?.phase).toEqual({ name: "reconnecting", attempt: 1, nextAttemptAt: 1_000_050 + 1000 });
    expect(types(effects[5] ?? [])).toEqual(["cancel-timer", "close-socket", "start-timer:1000"]);
    expect(effects[6]).toEqual([{ type: "cancel-timer" }, { type: "open-socket", sessionId: "s-1" }]);
  });

  it("ignores inputs that do not apply in the current phase", () => {
    const live = run(toLive).last;
    for (const event of [
      { type: "request-failed", request: "access-token", error: new ChatError("network", "x") },
      { type: "request-failed", request: "sessions", error: new ChatError("network", "x") },
      { type: "socket-opened" },
      { type: "woke" },
    ] as LifecycleEvent[]) {
      const result = transition(live, { ...event, now: 1_000_100, random: 0.5 } as never);
      expect(result.state.phase).toEqual({ name: "live" });
      expect(result.effects).toEqual([]);
    }
  });

  it("sends a heartbeat every interval and replaces the socket when two go out with nothing received", () => {
    const silent = run([...toLive, { type: "timer-fired" }, { type: "timer-fired" }, { type: "timer-fired" }], undefined, 1_000_000, 30_000);
    expect(silent.names.slice(4)).toEqual(["live", "live", "live", "connecting"]);
    expect(silent.effects.slice(5, 7).map(types)).toEqual([
      ["send-frame", "start-timer:30000"],
      ["send-frame", "start-timer:30000"],
    ]);
    expect(silent.effects[5]?.[0]).toEqual({ type: "send-frame", frame: { type: "EVENT_TYPE_HEARTBEAT", payload: {} } });
    expect(types(silent.effects[7] ?? [])).toEqual(["cancel-timer", "close-socket", "open-socket"]);
    const liveFrame: LifecycleEvent = { type: "frame-received", batch: false, mayContinue: false, joinNeedless: false };
    const answered = run([...toLive, { type: "timer-fired" }, liveFrame, { type: "timer-fired" }, { type: "timer-fired" }], undefined, 1_000_000, 30_000);
    expect(answered.names.slice(4)).toEqual(["live", "live", "live", "live", "live"]);
  });

  it("replaces a socket at once when a message echo is overdue, even while heartbeats are answered", () => {
    const overdue = run([...toLive, { type: "timer-fired", echoOverdue: true }], undefined, 1_000_000, 30_000);
    expect(overdue.names.slice(4)).toEqual(["live", "connecting"]);
    expect(types(overdue.effects[5] ?? [])).toEqual(["cancel-timer", "close-socket", "open-socket"]);
  });

  it("resets the attempt count after a minute of stable connection, not before", () => {
    const drop: LifecycleEvent = { type: "socket-closed", code: 1006 };
    const reconnected: LifecycleEvent[] = [drop, { type: "timer-fired" }, { type: "socket-opened" }, replayed(true)];
    const short = run([...toLive, ...reconnected, drop], undefined, 1_000_000, 10_000);
    expect(short.states.at(-1)?.phase).toMatchObject({ name: "reconnecting", attempt: 2 });
    const stable = run([...toLive, ...reconnected, drop], undefined, 1_000_000, 61_000);
    expect(stable.states.at(-1)?.phase).toMatchObject({ name: "reconnecting", attempt: 1 });
  });

  it("fails for good on a 401 from the access token, naming the likely cause", () => {
    const refused = new HttpError(401, "Connector token does not exist", null);
    const { names, last, effects } = run([startEvent, { type: "request-failed", request: "access-token", error: refused }]);
    expect(names).toEqual(["authorizing", "failed"]);
    expect(last.phase).toEqual({
      name: "failed",
      error: { kind: "configuration", message: "The Messaging API does not know this connector token: check connectorToken." },
    });
    expect(effects[1]).toEqual([{ type: "cancel-timer" }]);
  });

  it("fetches a new token when session creation answers 401, and waits the backoff when it happens again", () => {
    const refused: LifecycleEvent = { type: "request-failed", request: "sessions", error: new HttpError(401, "Invalid access token", null) };
    const { names } = run([startEvent, { type: "token-received" }, refused, { type: "token-received" }, refused, { type: "timer-fired" }]);
    expect(names).toEqual(["authorizing", "creating-session", "authorizing", "creating-session", "reconnecting", "authorizing"]);
  });

  it("ends without reconnecting after SESSION_END, and replaces the session after an abandonment", () => {
    const ended = run([...toLive, { type: "session-ended", reason: "REASON_NATURAL_END" }, { type: "socket-closed", code: 1000 }]);
    expect(ended.names.slice(4)).toEqual(["live", "ended", "ended"]);
    expect(ended.states[5]?.phase).toEqual({ name: "ended", reason: "REASON_NATURAL_END" });
    expect(ended.effects[5]).toEqual([{ type: "cancel-timer" }, { type: "close-socket" }]);
    expect(ended.effects[6]).toEqual([]);
    const abandoned = run([...toLive, { type: "session-ended", reason: "REASON_USER_ABANDONED" }]);
    expect(abandoned.names.slice(4)).toEqual(["live", "creating-session"]);
    expect(types(abandoned.effects[5] ?? [])).toEqual(["cancel-timer", "close-socket", "forget-session", "request:sessions"]);
    expect(abandoned.effects[5]).toContainEqual({ type: "forget-session", notice: true });
  });

  it("hands over to the Chat API at once when told to, and then ignores everything but destroy", () => {
    const { names, effects } = run([{ ...startEvent, useChatApi: true } as LifecycleEvent, { type: "socket-closed", code: 1006 }]);
    expect(names).toEqual(["fallback", "fallback"]);
    expect(effects[0]).toEqual([{ type: "cancel-timer" }, { type: "hand-over" }]);
    expect(effects[1]).toEqual([]);
  });

  it("ends locally when the user ends while disconnected", () => {
    const { names, last, effects } = run([...toLive, { type: "socket-closed", code: 1006 }, { type: "end-requested" }]);
    expect(names.slice(4)).toEqual(["live", "reconnecting", "ended"]);
    expect(last.phase).toEqual({ name: "ended", reason: "REASON_USER_END" });
    expect(effects[6]).toEqual([{ type: "cancel-timer" }, { type: "close-socket" }]);
  });

  it("never carries a token: the state holds only whether one is held", () => {
    const { last } = run(toLive);
    expect(Object.keys(last)).not.toContain("token");
    expect(last.hasToken).toBe(true);
  });
});
