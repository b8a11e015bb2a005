import { describe, expect, it } from "vitest";
import type { DeliveryFacts } from "../../../src/transport/delivery/delivery.ts";
import { ChatError, HttpError } from "../../../src/transport/errors.ts";
import {
  initialLifecycleState,
  toConnectionState,
  transition,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecycleSignal,
  type LifecycleState,
} from "../../../src/transport/lifecycle/transition.ts";

/**
 * One input of a trace, with the delivery facts it carries (none waiting unless said), whether the agent is
 * engaged (not unless said) and its own time if given.
 */
type Step = LifecycleEvent & { facts?: Partial<DeliveryFacts>; agentEngaged?: boolean; at?: number };

const quiet: DeliveryFacts = {
  queued: false,
  awaitingReplay: false,
  oldestInFlightSentAt: null,
  lastMessageId: null,
  lastMessageAnswered: false,
};

/** Runs a trace from `state`, inputs `step` ms apart from `now`, and returns every state and effect list. */
function run(steps: Step[], state: LifecycleState = initialLifecycleState(), now = 1_000_000, step = 10) {
  const states: LifecycleState[] = [];
  const effects: LifecycleEffect[][] = [];
  let current = state;
  steps.forEach(({ facts, agentEngaged = false, at, ...event }, index) => {
    const result = transition(current, {
      ...(event as LifecycleEvent),
      now: at ?? now + index * step,
      random: 0.5,
      delivery: { ...quiet, ...facts },
      agentEngaged,
    });
    current = result.state;
    states.push(current);
    effects.push(result.effects);
  });
  return { states, effects, last: current, names: states.map((item) => item.phase.name), types: effects.map(types) };
}

/**
 * Effects in short: `type`, with the timer, request or notice where it tells them apart. Showing the
 * connection and storing the session, which follow every change of phase and every input with a session,
 * are left out here and checked on their own.
 */
function types(effects: LifecycleEffect[]): string[] {
  return withoutBookkeeping(effects).map((effect) => {
    switch (effect.type) {
      case "start-timer":
        return `start-timer:${effect.timer}:${effect.milliseconds}`;
      case "cancel-timer":
        return `cancel-timer:${effect.timer}`;
      case "request":
        return `request:${effect.request}`;
      case "apply":
        if (effect.event.kind === "answer-cut") return "answer-cut";
        return effect.event.kind === "notice"
          ? `notice:${effect.event.code}`
          : `end:${effect.event.reason}${effect.event.history ? ":history" : ""}`;
      case "send-frame":
        return `send-frame:${effect.frame.type.replace("EVENT_TYPE_", "")}`;
      case "settle-replay":
        return `settle-replay:${effect.maxAttempts}`;
      case "place-back":
        return `place-back:${effect.id}:${effect.state}`;
      case "not-delivered":
        return `not-delivered:${effect.id ?? "oldest"}`;
      case "requeue":
        return `requeue:${effect.id}`;
      default:
        return effect.type;
    }
  });
}

/** The effects but showing the connection and storing the session. */
function withoutBookkeeping(effects: LifecycleEffect[]): LifecycleEffect[] {
  return effects.filter((effect) => effect.type !== "show-connection" && effect.type !== "persist");
}

const start: Step = { type: "start", transport: "auto", useChatApi: false, host: "shop.example", online: true, restored: null };
const restoredStart: Step = { ...start, restored: { sessionId: "s-1", lastActivityAt: 1_000_000 } } as Step;
const batch = (facts?: Partial<DeliveryFacts>): Step => ({ type: "frame-received", batch: true, heartbeatEcho: false, facts });
const liveFrame: Step = { type: "frame-received", batch: false, heartbeatEcho: false };
const heartbeatEcho: Step = { type: "frame-received", batch: false, heartbeatEcho: true };
const signal = (value: LifecycleSignal, history = false): Step => ({ type: "event-applied", signal: value, history });
const condition = (
  name: "unable-to-start" | "conversation-lost" | "session-lost" | "forward-refused" | "retrieve-failed" | "connector-lost",
  answers: string | null = null,
  facts?: Partial<DeliveryFacts>,
): Step => ({
  ...signal({ kind: "server-condition", condition: name, answers }),
  facts,
});
const joined = signal({ kind: "agent-joined" });
const timer = (name: "phase" | "join" = "phase"): Step => ({ type: "timer-fired", timer: name });
const joinSent = (id = "join-1"): Step => ({ type: "frame-sent", joinEventId: id });

/** A fresh session up to live: token, session, socket, the first batch; the join goes out. */
const toLive: Step[] = [
  start,
  { type: "token-received", expiresInSeconds: 86400 },
  { type: "session-created", sessionId: "s-1" },
  { type: "socket-opened", afterCursor: false },
  batch(),
  joinSent(),
];
/** The same, with the agent in the session. */
const joinedLive: Step[] = [...toLive, joined];
/** A drop, the backoff, and a new socket of the same session. */
const reconnect: Step[] = [{ type: "socket-closed", code: 1006 }, timer(), { type: "socket-opened", afterCursor: true }];

describe("transition: the way to a live socket", () => {
  it("walks the new-session flow with the effects of each step, and sends the join at the first batch of a fresh session", () => {
    const { names, types: effects, effects: raw } = run(toLive);
    expect(names).toEqual(["authorizing", "creating-session", "connecting", "replaying", "live", "live"]);
    expect(effects.slice(0, 5)).toEqual([
      ["cancel-timer:phase", "request:access-token"],
      ["cancel-timer:phase", "request:sessions"],
      ["cancel-timer:phase", "open-socket"],
      ["cancel-timer:phase", "start-timer:phase:10000"],
      ["cancel-timer:phase", "settle-replay:3", "send-join", "start-timer:phase:30000"],
    ]);
    expect(raw[2]?.[1]).toEqual({ type: "open-socket", sessionId: "s-1" });
    expect(raw[4]?.[1]).toEqual({ type: "settle-replay", maxAttempts: 3 });
  });

  it("shows the store how the connection reads at each change of phase, last, and never once the Chat API took over", () => {
    const { effects } = run([...toLive, { type: "socket-closed", code: 1006 }]);
    const shown = effects.map((list) => list.filter((effect) => effect.type === "show-connection").map((effect) => effect.connection));
    expect(shown).toEqual([
      [{ status: "connecting" }],
      [{ status: "connecting" }],
      [{ status: "connecting" }],
      [{ status: "connecting" }],
      [{ status: "connected" }],
      [],
      [{ status: "reconnecting", attempt: 1, nextAttemptAt: 1_000_060 + 1000 }],
    ]);
    expect(effects[4]?.filter((effect) => effect.type !== "persist").at(-1)).toEqual({
      type: "show-connection",
      connection: { status: "connected" },
    });
    const handedOver = run([{ ...start, useChatApi: true } as Step]);
    expect(handedOver.effects[0]?.map((effect) => effect.type)).toEqual(["cancel-timer", "hand-over"]);
  });

  it("stores the session after every input once there is one, with its last activity", () => {
    const { effects } = run(toLive);
    const stored = effects.map((list) => list.filter((effect) => effect.type === "persist"));
    expect(stored.map((list) => list.length)).toEqual([0, 0, 1, 1, 1, 1]);
    expect(stored[2]).toEqual([{ type: "persist", sessionId: "s-1", lastActivityAt: 1_000_020 }]);
    expect(effects[5]?.at(-1)).toEqual({ type: "persist", sessionId: "s-1", lastActivityAt: 1_000_050 });
  });

  it("is pure: the same state and input give the same result, and the state is not mutated", () => {
    const state = run(toLive).last;
    const frozen = JSON.stringify(state);
    const input = { type: "socket-closed", code: 4002, now: 5, random: 0.5, delivery: quiet, agentEngaged: false } as const;
    expect(transition(state, input)).toEqual(transition(state, input));
    expect(JSON.stringify(state)).toBe(frozen);
  });

  it("ignores inputs that do not apply in the current phase", () => {
    const live = run(joinedLive).last;
    for (const event of [
      { type: "request-failed", request: "access-token", error: new ChatError("network", "network-failure") },
      { type: "request-failed", request: "sessions", error: new ChatError("network", "network-failure") },
      { type: "socket-opened", afterCursor: false },
      { type: "woke" },
    ] as LifecycleEvent[]) {
      const result = transition(live, { ...event, now: 1_000_100, random: 0.5, delivery: quiet, agentEngaged: false });
      expect(result.state.phase).toEqual({ name: "live" });
      expect(withoutBookkeeping(result.effects)).toEqual([]);
    }
  });

  it("never carries a token: the state holds only what kind of token is held", () => {
    const { last } = run(toLive);
    expect(Object.keys(last)).not.toContain("accessToken");
    expect(last.token).toBe("bound");
  });
});

describe("transition: the replay, settled", () => {
  it("goes live at the first batch when nothing could still be confirmed by a later one", () => {
    const resumed = run([...joinedLive, ...reconnect, batch()], undefined, 1_000_000, 1000);
    expect(resumed.names.slice(-2)).toEqual(["replaying", "live"]);
    expect(resumed.types.at(-1)).toEqual(["cancel-timer:phase", "settle-replay:3", "start-timer:phase:30000"]);
  });

  it("waits for a quiet period after each batch, whatever its size, when a message is unconfirmed", () => {
    const unconfirmed = { awaitingReplay: true };
    const { names, types: effects } = run(
      [...joinedLive, ...reconnect, batch(unconfirmed), liveFrame, batch(unconfirmed), timer()],
      undefined,
      1_000_000,
      1000,
    );
    expect(names.slice(-4)).toEqual(["replaying", "replaying", "replaying", "live"]);
    expect(effects.slice(-4)).toEqual([
      ["start-timer:phase:1000"],
      [],
      ["start-timer:phase:1000"],
      ["cancel-timer:phase", "settle-replay:3", "start-timer:phase:30000"],
    ]);
  });

  it("waits for the replay to settle before joining a resumed session whose history may still show the agent", () => {
    const restored = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: null },
      { type: "socket-opened", afterCursor: false },
      batch(),
    ]);
    expect(restored.names).toEqual(["authorizing", "connecting", "replaying", "replaying"]);
    expect(restored.types.at(-1)).toEqual(["start-timer:phase:1000"]);
    const agentInLaterBatch = run([joined, batch(), timer()], restored.last);
    expect(agentInLaterBatch.names.at(-1)).toBe("live");
    expect(agentInLaterBatch.types.at(-1)).not.toContain("send-join");
    const noAgent = run([timer()], restored.last);
    expect(noAgent.types.at(-1)).toContain("send-join");
  });

  it("treats a socket that sends no history batch in time as dead, and replaces it", () => {
    const { names, types: effects, last } = run([...toLive.slice(0, 4), liveFrame, timer()], undefined, 1_000_000, 1000);
    expect(names.slice(3)).toEqual(["replaying", "replaying", "connecting"]);
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "open-socket"]);
    expect(last.attempt).toBe(1);
  });
});

describe("transition: a resume the platform has nothing to replay for", () => {
  const resumed = (facts?: Partial<DeliveryFacts>): Step => ({ type: "socket-opened", afterCursor: true, facts });

  it("goes live after a quiet second with no batch when nothing is at risk, on the same socket", () => {
    const { names, types: effects } = run([...joinedLive, { type: "socket-closed", code: 1006 }, timer(), resumed(), timer()]);
    expect(names.slice(-3)).toEqual(["connecting", "replaying", "live"]);
    expect(effects.at(-2)).toEqual(["cancel-timer:phase", "start-timer:phase:1000"]);
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "settle-replay:3", "start-timer:phase:30000"]);
  });

  it("goes live at the first live event when no batch came", () => {
    const { names } = run([...joinedLive, { type: "socket-closed", code: 1006 }, timer(), resumed(), liveFrame]);
    expect(names.slice(-2)).toEqual(["replaying", "live"]);
  });

  it("waits the whole replay wait while a message awaits the replay, then goes live and settles it", () => {
    const waiting = { awaitingReplay: true };
    const { names, types: effects } = run([
      ...joinedLive,
      { type: "socket-closed", code: 1006 },
      timer(),
      resumed(waiting),
      { ...timer(), facts: waiting },
    ]);
    expect(effects.at(-2)).toEqual(["cancel-timer:phase", "start-timer:phase:10000"]);
    expect(names.at(-1)).toBe("live");
    expect(effects.at(-1)).toContain("settle-replay:3");
  });

  it("still replaces a socket opened without a cursor that sends no batch, and goes live at a batch that does come", () => {
    const replaced = run([...toLive.slice(0, 4), timer()]);
    expect(replaced.names.at(-1)).toBe("connecting");
    const batched = run([...joinedLive, { type: "socket-closed", code: 1006 }, timer(), resumed(), batch()]);
    expect(batched.names.at(-1)).toBe("live");
  });
});

describe("transition: the join, confirmed", () => {
  it("does not request a join when the history shows an agent joined, nor when the session ended", () => {
    const withAgent = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: null },
      { type: "socket-opened", afterCursor: false },
      joined,
      batch(),
    ]);
    expect(withAgent.names.at(-1)).toBe("live");
    expect(withAgent.types.at(-1)).not.toContain("send-join");
    expect(withAgent.last.join).toBe("done");
  });

  it("counts the join done only when an agent joins, or the server says one already has", () => {
    const { last } = run(toLive);
    expect(last.join).toBe("sent");
    expect(run([signal({ kind: "join-echoed" })], last).last.join).toBe("echoed");
    expect(run([signal({ kind: "join-echoed" }), joined], last).last.join).toBe("done");
  });

  it("sends the join again after a drop when the settled replay holds no echo of it", () => {
    const lost = run([...toLive, ...reconnect, batch(), timer()], undefined, 1_000_000, 1000);
    expect(lost.types.at(-1)).toContain("send-join");
    const arrived = run([...toLive, ...reconnect, signal({ kind: "join-echoed" }), batch()], undefined, 1_000_000, 1000);
    expect(arrived.names.at(-1)).toBe("live");
    expect(arrived.types.at(-1)).not.toContain("send-join");
  });

  it("asks again 2 to 5 s after the agent could not start, at most twice", () => {
    const { types: effects } = run([
      ...toLive,
      condition("unable-to-start"),
      timer("join"),
      joinSent("join-2"),
      condition("unable-to-start"),
      timer("join"),
      joinSent("join-3"),
      condition("unable-to-start"),
    ]);
    expect(effects.slice(6)).toEqual([["start-timer:join:3500"], ["send-join"], [], ["start-timer:join:3500"], ["send-join"], [], []]);
    const answered = run([...toLive, condition("unable-to-start", "join-1")]);
    expect(answered.types.at(-1)).toEqual(["start-timer:join:3500"]);
    const otherFrame = run([...toLive, condition("unable-to-start", "message-1")]);
    expect(otherFrame.types.at(-1)).toEqual([]);
  });

  it("stops waiting to ask again once the agent joins", () => {
    const { types: effects } = run([...toLive, condition("unable-to-start"), joined, timer("join")]);
    expect(effects.slice(-2)).toEqual([["cancel-timer:join"], []]);
  });

  it("acts on no server condition read from the history of a reload", () => {
    const { types: effects } = run([
      ...joinedLive,
      { ...condition("unable-to-start"), history: true } as Step,
      { ...condition("forward-refused", "m-1"), history: true } as Step,
    ]);
    expect(effects.slice(-2)).toEqual([[], []]);
  });
});

describe("transition: the remedies of server errors", () => {
  it("joins and sends the message that got 'conversation not found' again, then, at the same error again, goes on in a new session", () => {
    const last = { lastMessageId: "m-1" };
    const { types: effects, names } = run([
      ...joinedLive,
      condition("conversation-lost", null, last),
      joinSent("join-2"),
      condition("conversation-lost", null, last),
    ]);
    expect(effects.at(-3)).toEqual(["send-join", "place-back:m-1:queued"]);
    expect(names.at(-1)).toBe("authorizing");
    expect(effects.at(-1)).toEqual([
      "cancel-timer:phase",
      "close-socket",
      "place-back:m-1:queued",
      "forget-session",
      "leave-session",
      "answer-cut",
      "notice:session-not-resumed",
      "request:access-token",
    ]);
  });

  it("asks the service agent back before the next message when 'conversation not found' names no message", () => {
    expect(run([...joinedLive, condition("conversation-lost")]).last.rejoin).toBe("before-next-message");
  });

  it("sends again the message the error names, and joins first once live when the error came in a replay", () => {
    const named = run([...joinedLive, condition("conversation-lost", "m-7", { lastMessageId: "m-9" })]);
    expect(named.types.at(-1)).toEqual(["send-join", "place-back:m-7:queued"]);
    const replayed = run(
      [...joinedLive, ...reconnect, condition("conversation-lost", "m-7"), batch(), timer()],
      undefined,
      1_000_000,
      1000,
    );
    expect(replayed.types.at(-3)).toEqual(["place-back:m-7:queued"]);
    expect(replayed.types.at(-1)).toEqual(["cancel-timer:phase", "settle-replay:3", "send-join", "start-timer:phase:30000"]);
  });

  it("fails a message the platform could not take for want of its session, and lets the rest be", () => {
    expect(run([...joinedLive, condition("retrieve-failed", "m-3")]).types.at(-1)).toEqual(["not-delivered:m-3"]);
    expect(run([...joinedLive, condition("retrieve-failed")]).types.at(-1)).toEqual([]);
  });

  it("fails for good, as a configuration error, when the platform says the connector is gone", () => {
    const { names, last, types: effects } = run([...joinedLive, condition("connector-lost")]);
    expect(names.at(-1)).toBe("failed");
    expect(last.phase).toEqual({ name: "failed", error: { kind: "configuration", code: "connector-not-found" } });
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "cancel-timer:join"]);
  });

  it("asks the platform's agent back before the next message after a failed handoff, unless it comes back", () => {
    const waiting: Step = { type: "outbox-changed", facts: { queued: true } };
    const failed = run([...joinedLive, signal({ kind: "handoff-failed" }), waiting]);
    expect(failed.types.at(-1)).toEqual(["send-join", "send-messages"]);
    const rejoined = run([...joinedLive, signal({ kind: "handoff-failed" }), joined, waiting]);
    expect(rejoined.types.at(-1)).toEqual(["send-messages"]);
    const replayed = run([...joinedLive, signal({ kind: "handoff-failed" }, true), waiting]);
    expect(replayed.types.at(-1)).toEqual(["send-messages"]);
  });

  it("fails the message the platform could not pass on to the live agent, named or the oldest in flight", () => {
    expect(run([...joinedLive, condition("forward-refused", "m-7")]).types.at(-1)).toEqual(["not-delivered:m-7"]);
    expect(run([...joinedLive, condition("forward-refused")]).types.at(-1)).toEqual(["not-delivered:oldest"]);
  });

  it("sends the message 'session not found' answered to the next session, which it starts at once", () => {
    const { names, types: effects } = run([...joinedLive, condition("session-lost", "m-5")]);
    expect(names.at(-1)).toBe("authorizing");
    expect(effects.at(-1)).toEqual([
      "cancel-timer:phase",
      "close-socket",
      "requeue:m-5",
      "forget-session",
      "leave-session",
      "answer-cut",
      "notice:session-not-resumed",
      "request:access-token",
    ]);
  });

  it("starts a new session when the server no longer finds this one, unless it ended, never saying it expired", () => {
    const lost = run([...joinedLive, condition("session-lost", null, { queued: true })]);
    expect(lost.names.at(-1)).toBe("authorizing");
    expect(lost.types.at(-1)).toEqual([
      "cancel-timer:phase",
      "close-socket",
      "forget-session",
      "leave-session",
      "answer-cut",
      "notice:session-not-resumed",
      "request:access-token",
    ]);
    const ended = run([...joinedLive, signal({ kind: "session-ended", reason: "REASON_NATURAL_END" }), condition("session-lost")]);
    expect(ended.types.at(-1)).toEqual([]);
  });

  it("asks the service agent back before the next message once it left after a client-managed handoff, once", () => {
    const waiting: Step = { type: "outbox-changed", facts: { queued: true } };
    const { types: effects } = run([...joinedLive, signal({ kind: "client-handoff" }), signal({ kind: "agent-left" }), waiting, waiting]);
    expect(effects.slice(-4)).toEqual([[], [], ["send-join", "send-messages"], ["send-messages"]]);
  });

  it("does not re-join for a replayed history that ends with a client-managed handoff: only a message does", () => {
    const history = [joined, signal({ kind: "client-handoff" }, true), signal({ kind: "agent-left" }, true)];
    const { names, types: effects } = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: null },
      { type: "socket-opened", afterCursor: false },
      ...history,
      batch(),
      { type: "outbox-changed", facts: { queued: true } },
    ]);
    expect(names.slice(-2)).toEqual(["live", "live"]);
    expect(effects.at(-2)).toEqual(["cancel-timer:phase", "settle-replay:3", "start-timer:phase:30000"]);
    expect(effects.at(-1)).toEqual(["send-join", "send-messages"]);
  });

  it("needs no re-join when an agent joins again, nor when the agent left for a server-managed handoff", () => {
    const waiting: Step = { type: "outbox-changed", facts: { queued: true } };
    const rejoined = run([...joinedLive, signal({ kind: "client-handoff" }), signal({ kind: "agent-left" }), joined, waiting]);
    expect(rejoined.types.at(-1)).toEqual(["send-messages"]);
    const serverManaged = run([...joinedLive, signal({ kind: "agent-left" }), joined, signal({ kind: "agent-left" }), waiting]);
    expect(serverManaged.types.at(-1)).toEqual(["send-messages"]);
  });
});

describe("transition: messages", () => {
  it("offers queued messages only when live, and at once when the connection goes live", () => {
    const queued = { queued: true };
    const { types: effects } = run([
      ...joinedLive,
      { type: "socket-closed", code: 1006 },
      { type: "outbox-changed", facts: queued },
      timer(),
      { type: "socket-opened", afterCursor: false },
      batch(queued),
    ]);
    expect(effects.at(-4)).toEqual([]);
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "settle-replay:3", "start-timer:phase:30000", "send-messages"]);
    expect(run([...joinedLive, { type: "outbox-changed" }]).types.at(-1)).toEqual([]);
  });

  it("refuses a message whose frame exceeds the announced limit, in any phase, changing nothing", () => {
    const announced = run([...toLive, signal({ kind: "session-started", capabilities: { max_message_size_bytes: 1000 } })]).last;
    const over = transition(announced, {
      type: "message-written",
      frameBytes: 1001,
      now: 0,
      random: 0.5,
      delivery: quiet,
      agentEngaged: false,
    });
    expect(over).toEqual({ state: announced, effects: [{ type: "refuse-message", limitBytes: 1000 }] });
    expect(
      transition(announced, { type: "message-written", frameBytes: 1000, now: 0, random: 0.5, delivery: quiet, agentEngaged: false })
        .effects,
    ).toEqual([]);
    const fallback = run([{ ...start, useChatApi: true } as Step]).last;
    expect(
      transition(fallback, { type: "message-written", frameBytes: 131073, now: 0, random: 0.5, delivery: quiet, agentEngaged: false })
        .effects,
    ).toEqual([{ type: "refuse-message", limitBytes: 131072 }]);
  });

  it("replaces a socket at once when a message echo is overdue for two heartbeat periods, even while heartbeats are answered", () => {
    const live = run(joinedLive).last;
    const sentAt = 1_000_000;
    const early = run([{ ...timer(), at: sentAt + 59_999, facts: { oldestInFlightSentAt: sentAt } }], live);
    expect(early.names).toEqual(["live"]);
    const overdue = run([{ ...timer(), at: sentAt + 60_000, facts: { oldestInFlightSentAt: sentAt } }], live);
    expect(overdue.names).toEqual(["connecting"]);
    expect(overdue.types[0]).toEqual(["cancel-timer:phase", "close-socket", "open-socket"]);
  });
});

describe("transition: heartbeats and capabilities", () => {
  it("sends a heartbeat every interval, and replaces the socket after two unanswered once the platform has answered one", () => {
    const silent = run([...joinedLive, timer(), heartbeatEcho, timer(), timer(), timer()], undefined, 1_000_000, 30_000);
    expect(silent.names.slice(-4)).toEqual(["live", "live", "live", "connecting"]);
    expect(silent.types.slice(-4)).toEqual([
      [],
      ["send-frame:HEARTBEAT", "start-timer:phase:30000"],
      ["send-frame:HEARTBEAT", "start-timer:phase:30000"],
      ["cancel-timer:phase", "close-socket", "open-socket"],
    ]);
  });

  it("keeps the very same state for a live frame that changes nothing, as most streamed frames do", () => {
    const live = run(joinedLive).last;
    expect(run([liveFrame, liveFrame], live).states).toEqual([live, live]);
    run([liveFrame], live).states.forEach((state) => expect(state).toBe(live));
    // A minute later, with no attempt spent, there is nothing to reset either.
    expect(run([liveFrame], live, 1_000_000 + 120_000).last).toBe(live);
    const answered = run([timer(), heartbeatEcho], live, 1_000_000, 30_000).last;
    expect(answered).toMatchObject({ heartbeatsUnanswered: 0, heartbeatEchoSeen: true });
    expect(run([heartbeatEcho], answered).last).toBe(answered);
  });

  it("keeps a socket whose platform never answers heartbeats", () => {
    const never = run([...joinedLive, timer(), timer(), timer(), timer()], undefined, 1_000_000, 30_000);
    expect(never.names.slice(-4)).toEqual(["live", "live", "live", "live"]);
  });

  it("reads a heartbeat interval of 0 as off: no heartbeat, but echoes are still watched", () => {
    const off = run([...toLive, signal({ kind: "session-started", capabilities: { heartbeat_interval_seconds: 0 } }), joined]).last;
    expect(off.heartbeatMilliseconds).toBe(0);
    const ticks = run([timer(), timer()], off, 1_100_000, 30_000);
    expect(ticks.types).toEqual([["start-timer:phase:30000"], ["start-timer:phase:30000"]]);
    const overdue = run([{ ...timer(), facts: { oldestInFlightSentAt: 1 } }], off, 1_100_000);
    expect(overdue.names).toEqual(["connecting"]);
  });

  it("reads max_reconnect_attempts 0 as unlimited", () => {
    const unlimited = run([...toLive, signal({ kind: "session-started", capabilities: { max_reconnect_attempts: 0 } })]).last;
    const failing = Array.from({ length: 30 }, () => [{ type: "socket-closed", code: 1006 }, timer()] as Step[]).flat();
    const { names } = run(failing.slice(1), run([{ type: "socket-closed", code: 1006 }], unlimited).last, 2_000_000, 40_000);
    expect(names).not.toContain("failed");
  });
});

describe("transition: reconnecting", () => {
  it("schedules a reconnect with backoff after a drop and opens the same session when the timer fires", () => {
    const { names, types: effects, states, effects: raw } = run([...joinedLive, { type: "socket-closed", code: 1006 }, timer()]);
    expect(names.slice(-3)).toEqual(["live", "reconnecting", "connecting"]);
    expect(states.at(-2)?.phase).toEqual({ name: "reconnecting", attempt: 1, nextAttemptAt: 1_000_070 + 1000 });
    expect(effects.at(-2)).toEqual(["cancel-timer:phase", "close-socket", "start-timer:phase:1000"]);
    expect(withoutBookkeeping(raw.at(-1) ?? [])).toEqual([
      { type: "cancel-timer", timer: "phase" },
      { type: "open-socket", sessionId: "s-1" },
    ]);
  });

  it("resets the attempt count after a minute of stable connection, not before, when no live frame came", () => {
    const drop: Step = { type: "socket-closed", code: 1006 };
    const reconnected: Step[] = [drop, timer(), { type: "socket-opened", afterCursor: false }, batch()];
    const short = run([...joinedLive, ...reconnected, drop], undefined, 1_000_000, 10_000);
    expect(short.states.at(-1)?.phase).toMatchObject({ name: "reconnecting", attempt: 2 });
    const stable = run([...joinedLive, ...reconnected, drop], undefined, 1_000_000, 61_000);
    expect(stable.states.at(-1)?.phase).toMatchObject({ name: "reconnecting", attempt: 1 });
    // A heartbeat's echo is a live frame: the platform serves the session on this socket.
    const echoed = run([...joinedLive, ...reconnected, heartbeatEcho, drop], undefined, 1_000_000, 10_000);
    expect(echoed.states.map((state) => state.attempt).slice(-6)).toEqual([1, 1, 1, 1, 0, 1]);
    expect(echoed.states.at(-1)?.phase).toMatchObject({ name: "reconnecting", attempt: 1 });
  });

  /**
   * `cycles` drops of a live connection, 4 s apart: the drop, the wait's timer 1 s later, a socket that
   * opens and then, 10 ms apart, what `served` says it sends before the next drop.
   */
  function flapping(cycles: number, served: Step[]) {
    const firstDrop = 1_010_000;
    const cycle: Step[] = [{ type: "socket-closed", code: 1006 }, timer(), { type: "socket-opened", afterCursor: true }, ...served];
    const steps = Array.from({ length: cycles }, (_, index) =>
      cycle.map((item, position) => ({ ...item, at: firstDrop + index * 4000 + (position && 1000 + position * 10) })),
    ).flat();
    const traced = run(steps, run(joinedLive).last);
    const waits = traced.states.flatMap(({ phase }, index) =>
      phase.name === "reconnecting" ? [phase.nextAttemptAt - (steps[index]?.at ?? 0)] : [],
    );
    return { ...traced, waits, took: (steps.at(-1)?.at ?? 0) - firstDrop };
  }

  it("waits the first step again after each reconnect that delivered a live frame: twelve drops in a minute spend nothing", () => {
    const { names, states, waits, took } = flapping(12, [batch(), liveFrame]);
    expect(took).toBeLessThan(60_000);
    expect(names).toEqual(Array.from({ length: 12 }, () => ["reconnecting", "connecting", "replaying", "live", "live"]).flat());
    expect(waits).toEqual(Array.from({ length: 12 }, () => 1000));
    expect(states.filter((state) => state.phase.name === "reconnecting").map((state) => state.phase)).toEqual(
      Array.from({ length: 12 }, (_, index) => ({ name: "reconnecting", attempt: 1, nextAttemptAt: 1_011_000 + index * 4000 })),
    );
    // The live frame, not the drop nor the open, is what clears the count.
    expect(states.slice(0, 5).map((state) => state.attempt)).toEqual([1, 1, 1, 1, 0]);
  });

  it("still backs off and spends the budget when every socket is dropped at once, with nothing or only its replay sent", () => {
    for (const served of [[], [batch()]]) {
      const { names, waits, last } = flapping(11, served);
      expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
      const cycle = served.length ? ["reconnecting", "connecting", "replaying", "live"] : ["reconnecting", "connecting", "replaying"];
      // The eleventh drop fails the conversation; its timer and socket, had they come, would change nothing.
      const failed = Array.from({ length: cycle.length }, () => "failed");
      expect(names).toEqual([...Array.from({ length: 10 }, () => cycle).flat(), ...failed]);
      expect(last.phase).toEqual({
        name: "failed",
        error: { kind: "budget-exhausted", code: "reconnect-budget-spent", parameters: { attempts: 10 } },
      });
    }
  });

  it("fails with the spent budget as a code once the announced attempts are used", () => {
    const budget = run([...toLive, signal({ kind: "session-started", capabilities: { max_reconnect_attempts: 1 } })]).last;
    const { last } = run([{ type: "socket-closed", code: 1006 }, timer(), { type: "socket-closed", code: 1006 }], budget);
    expect(last.phase).toEqual({
      name: "failed",
      error: { kind: "budget-exhausted", code: "reconnect-budget-spent", parameters: { attempts: 1 } },
    });
  });
});

describe("transition: tokens and sessions", () => {
  /** Live on a session whose token, received at 1,000,010, lasts 100 s: due for renewal at 80 s, expired at 95 s. */
  const shortLived = (): LifecycleState =>
    run([
      start,
      { type: "token-received", expiresInSeconds: 100 },
      { type: "session-created", sessionId: "s-1" },
      { type: "socket-opened", afterCursor: false },
      batch(),
      joined,
    ]).last;
  const inFlight: Partial<DeliveryFacts> = { oldestInFlightSentAt: 1_079_000, lastMessageId: "m-1" };

  it("reconnects with the session's own token until it is due, and after that only while something is on its way", () => {
    const drop = (at: number, facts?: Partial<DeliveryFacts>) =>
      run(
        [
          { type: "socket-closed", code: 1006, at, facts },
          { ...timer(), at: at + 1000, facts },
        ],
        shortLived(),
      ).names;
    expect(drop(1_050_000)).toEqual(["reconnecting", "connecting"]);
    expect(drop(1_085_000, { awaitingReplay: true })).toEqual(["reconnecting", "connecting"]);
    expect(drop(1_085_000, { lastMessageId: "m-1" })).toEqual(["reconnecting", "connecting"]);
    // Quiet: nothing a refusal of the fresh token could cost.
    expect(drop(1_085_000, { lastMessageId: "m-1", lastMessageAnswered: true })).toEqual(["reconnecting", "authorizing"]);
    // Expired: no choice.
    expect(drop(1_096_000, { awaitingReplay: true })).toEqual(["reconnecting", "authorizing"]);
  });

  it("renews a token due for renewal at the first quiet moment, through a planned reconnect", () => {
    const { names, types: effects } = run(
      [
        { ...liveFrame, at: 1_070_000 },
        { ...liveFrame, at: 1_085_000, facts: inFlight },
        { ...liveFrame, at: 1_085_100, facts: { lastMessageId: "m-1" } },
        { ...liveFrame, at: 1_085_200, facts: { lastMessageId: "m-1", lastMessageAnswered: true }, agentEngaged: true },
        { ...liveFrame, at: 1_085_300, facts: { lastMessageId: "m-1", lastMessageAnswered: true } },
      ],
      shortLived(),
    );
    expect(names).toEqual(["live", "live", "live", "live", "authorizing"]);
    expect(effects.slice(0, 4).flat()).toEqual([]);
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "request:access-token"]);
  });

  it("renews on a heartbeat tick or a message written, never in the middle of a frame's events", () => {
    const at = 1_085_000;
    expect(run([{ ...timer(), at }], shortLived()).types.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "request:access-token"]);
    // The message waits in the outbox for the next socket, which sends it once it is live.
    const written = run([{ type: "outbox-changed", at, facts: { queued: true } }], shortLived());
    expect(written.types.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "request:access-token"]);
    expect(run([{ ...signal({ kind: "join-echoed" }), at }], shortLived()).names).toEqual(["live"]);
  });

  it("continues on the renewed token when the session takes it", () => {
    const { names, last } = run(
      [
        { ...liveFrame, at: 1_085_000 },
        { type: "token-received", expiresInSeconds: 100, at: 1_085_100 },
        { type: "socket-opened", afterCursor: true, at: 1_085_200 },
        { ...batch(), at: 1_085_300 },
      ],
      shortLived(),
    );
    expect(names).toEqual(["authorizing", "connecting", "replaying", "live"]);
    expect(last.sessionId).toBe("s-1");
    expect(last.tokenRenewAt).toBe(1_085_100 + 80_000);
  });

  it("leaves a session that refuses its renewed token twice, with nothing to fail or retry, until there is something to send", () => {
    const answered = { lastMessageId: "m-1", lastMessageAnswered: true };
    const { names, types: effects } = run(
      [
        { ...liveFrame, at: 1_085_000, facts: answered },
        { type: "token-received", expiresInSeconds: 100, at: 1_085_100 },
        { type: "socket-closed", code: 1006, at: 1_085_200, facts: answered },
        { ...timer(), at: 1_086_200 },
        { type: "socket-closed", code: 1006, at: 1_086_300, facts: answered },
        { type: "outbox-changed", at: 1_090_000, facts: { ...answered, queued: true } },
      ],
      shortLived(),
    );
    expect(names).toEqual(["authorizing", "connecting", "reconnecting", "connecting", "dormant", "creating-session"]);
    expect(effects.slice(-2)).toEqual([
      ["cancel-timer:phase", "forget-session", "leave-session", "answer-cut"],
      ["cancel-timer:phase", "notice:session-not-resumed", "request:sessions"],
    ]);
  });

  it("gives a token whose lifetime is unknown an hour, so it is renewed before it could be refused", () => {
    const live = run([start, { type: "token-received", expiresInSeconds: null, at: 2_000_000 }, ...joinedLive.slice(2)]).last;
    expect([live.tokenRenewAt, live.tokenExpiresAt]).toEqual([2_000_000 + 0.8 * 3_600_000, 2_000_000 + 0.95 * 3_600_000]);
    const later = run(
      [
        { type: "socket-closed", code: 1006, at: 2_000_000 + 3_500_000 },
        { type: "timer-fired", timer: "phase", at: 2_000_000 + 3_600_000 },
      ],
      live,
    );
    expect(later.names).toEqual(["reconnecting", "authorizing"]);
  });

  it("never relabels the last message the replaced session took, answered or not: it arrived", () => {
    const unanswered = run([...joinedLive, { type: "socket-closed", code: 4001, facts: { lastMessageId: "m-4" } }]);
    expect(unanswered.types.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "forget-session", "leave-session", "answer-cut"]);
  });

  it("fetches a fresh token for every new session", () => {
    const { names, types: effects } = run([...joinedLive, { type: "socket-closed", code: 4001, facts: { queued: true } }]);
    expect(names.at(-1)).toBe("authorizing");
    expect(effects.at(-1)).toEqual([
      "cancel-timer:phase",
      "close-socket",
      "forget-session",
      "leave-session",
      "answer-cut",
      "notice:new-session",
      "request:access-token",
    ]);
  });

  it("retries a restored session that refuses its fresh token once, on the same session, and resumes it when it opens", () => {
    const { names, last } = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: 86400 },
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-opened", afterCursor: false },
      joined,
      batch(),
    ]);
    expect(names).toEqual(["authorizing", "connecting", "reconnecting", "connecting", "replaying", "replaying", "live"]);
    expect(last.sessionId).toBe("s-1");
  });

  it("leaves a restored session refused twice dormant, and starts a new one when the visitor engages, saying why", () => {
    const { names, types: effects } = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: 86400 },
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-closed", code: 1006 },
      { type: "engaged" },
    ]);
    expect(names).toEqual(["authorizing", "connecting", "reconnecting", "connecting", "dormant", "creating-session"]);
    expect(effects.slice(-2)).toEqual([
      ["cancel-timer:phase", "forget-session", "leave-session", "answer-cut"],
      ["cancel-timer:phase", "notice:session-not-resumed", "request:sessions"],
    ]);
  });

  it("replaces a restored session refused twice at once when the visitor engaged while it was tried, and forgets the engagement once live", () => {
    const {
      names,
      types: effects,
      last,
    } = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: 86400 },
      { type: "engaged" },
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-closed", code: 1006 },
    ]);
    expect(names).toEqual(["authorizing", "connecting", "connecting", "reconnecting", "connecting", "creating-session"]);
    expect(effects.at(-1)).toEqual([
      "cancel-timer:phase",
      "forget-session",
      "leave-session",
      "answer-cut",
      "notice:session-not-resumed",
      "request:sessions",
    ]);
    expect(last.visitorEngaged).toBe(true);
    const live = run([{ type: "session-created", sessionId: "s-2" }, { type: "socket-opened", afterCursor: false }, batch()], last);
    expect(live.names.at(-1)).toBe("live");
    expect(live.last.visitorEngaged).toBe(false);
  });

  it("doubts a session that closed normally with no end said: after a second refusal it asks for a token, and two more make it gone", () => {
    const refused: Step = { type: "socket-closed", code: 1006 };
    const { names, last } = run([
      ...joinedLive,
      { type: "socket-closed", code: 1000 },
      timer(),
      refused,
      timer(),
      refused,
      { type: "token-received", expiresInSeconds: null },
      refused,
      timer(),
      refused,
    ]);
    expect(names.slice(-9)).toEqual([
      "reconnecting",
      "connecting",
      "reconnecting",
      "connecting",
      "authorizing",
      "connecting",
      "reconnecting",
      "connecting",
      "dormant",
    ]);
    expect(last.phase).toEqual({ name: "dormant", notice: "session-not-resumed" });
  });

  it("says a session expired when it was idle longer than the platform keeps one before the refusals", () => {
    const refused: Step = { type: "socket-closed", code: 1006 };
    const { names, last } = run(
      [refused, timer(), refused, timer(), refused, { type: "token-received", expiresInSeconds: null }, refused, timer(), refused],
      run(joinedLive).last,
      1_000_000 + 11 * 60 * 1000,
    );
    expect(names).toEqual([
      "reconnecting",
      "connecting",
      "reconnecting",
      "connecting",
      "authorizing",
      "connecting",
      "reconnecting",
      "connecting",
      "dormant",
    ]);
    expect(last.phase).toEqual({ name: "dormant", notice: "new-session" });
  });

  it("replaces a session refused twice after a token refresh, as its new token may not match it", () => {
    const refreshed = run([
      ...joinedLive,
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-closed", code: 1006 },
      timer(),
      { type: "socket-closed", code: 1006 },
    ]);
    expect(refreshed.names.slice(-2)).toEqual(["connecting", "authorizing"]);
    const next = run(
      [
        { type: "token-received", expiresInSeconds: null },
        { type: "socket-closed", code: 1006 },
        timer(),
        { type: "socket-closed", code: 1006 },
      ],
      refreshed.last,
    );
    expect(next.names).toEqual(["connecting", "reconnecting", "connecting", "dormant"]);
  });

  it("fails for good on a 401 from the access token, naming the likely cause", () => {
    const refused = new HttpError(401, "Connector token does not exist", null);
    const { names, last, effects } = run([start, { type: "request-failed", request: "access-token", error: refused }]);
    expect(names).toEqual(["authorizing", "failed"]);
    expect(last.phase).toEqual({ name: "failed", error: { kind: "configuration", code: "connector-unknown", parameters: {} } });
    expect(withoutBookkeeping(effects[1] ?? [])).toEqual([{ type: "cancel-timer", timer: "phase" }]);
  });

  it("fetches a new token when session creation answers 401, and waits the backoff when it happens again", () => {
    const refused: Step = { type: "request-failed", request: "sessions", error: new HttpError(401, "Invalid access token", null) };
    const token: Step = { type: "token-received", expiresInSeconds: null };
    const { names } = run([start, token, refused, token, refused, timer()]);
    expect(names).toEqual(["authorizing", "creating-session", "authorizing", "creating-session", "reconnecting", "authorizing"]);
  });
});

describe("transition: endings", () => {
  it("ends without reconnecting after SESSION_END, telling the store once, and again only as history after a reload", () => {
    const ended = run([
      ...joinedLive,
      signal({ kind: "session-ended", reason: "REASON_NATURAL_END" }),
      { type: "socket-closed", code: 1000 },
    ]);
    expect(ended.names.slice(-2)).toEqual(["ended", "ended"]);
    expect(ended.types.at(-2)).toEqual(["cancel-timer:phase", "close-socket", "cancel-timer:join", "end:REASON_NATURAL_END"]);
    expect(ended.types.at(-1)).toEqual([]);
    const reloaded = run([
      restoredStart,
      { type: "token-received", expiresInSeconds: null },
      { type: "socket-opened", afterCursor: false },
      signal({ kind: "session-ended", reason: "REASON_NATURAL_END" }, true),
    ]);
    expect(reloaded.types.at(-1)).toContain("end:REASON_NATURAL_END:history");
  });

  it("waits for the visitor after an abandonment, with no session and no end, and goes on in a new one when a message is written", () => {
    const waiting: Step = { type: "outbox-changed", facts: { queued: true } };
    const abandoned = run([
      ...joinedLive,
      signal({ kind: "session-ended", reason: "REASON_USER_ABANDONED" }),
      { type: "woke" },
      { type: "retry-now" },
      waiting,
    ]);
    expect(abandoned.names.slice(-4)).toEqual(["dormant", "dormant", "authorizing", "authorizing"]);
    expect(abandoned.types.slice(-4)).toEqual([
      ["cancel-timer:phase", "close-socket", "forget-session", "leave-session", "answer-cut"],
      [],
      ["cancel-timer:phase", "notice:new-session", "request:access-token"],
      [],
    ]);
    expect(abandoned.states.at(-4)?.phase).toEqual({ name: "dormant", notice: "new-session" });
    const queued = run([...joinedLive, { ...signal({ kind: "session-ended", reason: "REASON_USER_ABANDONED" }), facts: { queued: true } }]);
    expect(queued.names.at(-1)).toBe("authorizing");
    expect(queued.types.at(-1)).toContain("notice:new-session");
  });

  it("begins dormant for a conversation whose session another tab forgot, and starts a new one, saying why, only when started", () => {
    const initial = initialLifecycleState("session-not-resumed");
    expect([initial.phase, toConnectionState(initial.phase)]).toEqual([
      { name: "dormant", notice: "session-not-resumed" },
      { status: "idle" },
    ]);
    const { names, types: effects, states } = run([start, { type: "token-received", expiresInSeconds: 86400 }], initial);
    expect(names).toEqual(["authorizing", "creating-session"]);
    expect(effects[0]).toEqual(["cancel-timer:phase", "notice:session-not-resumed", "request:access-token"]);
    expect(states[0]).toMatchObject({ host: "shop.example", transport: "auto", lastActivityAt: 1_000_000 });
    const expired = run([start], initialLifecycleState("new-session"));
    expect(expired.types[0]).toContain("notice:new-session");
    // Started without a WebSocket, it hands over to the Chat API like any start.
    const fallback = run([{ ...start, useChatApi: true } as Step], initial);
    expect([fallback.names, fallback.types[0]]).toEqual([["fallback"], ["cancel-timer:phase", "hand-over"]]);
  });

  it("shows a dormant conversation as not connected, and ends it for the visitor without a session to tell", () => {
    const dormant = run([...joinedLive, signal({ kind: "session-ended", reason: "REASON_USER_ABANDONED" })]);
    expect(dormant.effects.at(-1)?.find((effect) => effect.type === "show-connection")).toEqual({
      type: "show-connection",
      connection: { status: "idle" },
    });
    const ended = run([{ type: "went-offline" }, { type: "end-requested" }], dormant.last);
    expect(ended.names).toEqual(["dormant", "ended"]);
  });

  it("sends the end frame when live, and ends locally while disconnected, keeping nothing to resume", () => {
    expect(run([...joinedLive, { type: "end-requested" }]).types.at(-1)).toEqual(["send-frame:USER_END_SESSION"]);
    const { names, last, types: effects } = run([...joinedLive, { type: "socket-closed", code: 1006 }, { type: "end-requested" }]);
    expect(names.slice(-2)).toEqual(["reconnecting", "ended"]);
    expect(last.sessionId).toBeNull();
    expect(effects.at(-1)).toEqual(["cancel-timer:phase", "close-socket", "forget-session", "cancel-timer:join", "end:REASON_USER_END"]);
  });

  it("resets for a new conversation: the live session hears its end, the old socket, session and transcript go, and a fresh token creates the next", () => {
    const { names, types: effects } = run([...joinedLive, { type: "new-conversation" }]);
    expect(names.at(-1)).toBe("authorizing");
    expect(effects.at(-1)).toEqual([
      "cancel-timer:phase",
      "send-frame:USER_END_SESSION",
      "close-socket",
      "cancel-timer:join",
      "forget-session",
      "reset-conversation",
      "request:access-token",
    ]);
  });

  it("says USER_END_SESSION before a new conversation only to a live session that has not ended", () => {
    const reconnecting = run([...joinedLive, { type: "socket-closed", code: 1006 }, { type: "new-conversation" }]);
    expect(reconnecting.types.at(-1)).not.toContain("send-frame:USER_END_SESSION");
    const live = run([...joinedLive, { type: "new-conversation" }]);
    expect(live.effects.at(-1)).toContainEqual(expect.objectContaining({ type: "send-frame", leaving: true }));
  });

  it("hands over to the Chat API at once when told to, and then ignores everything but the size of messages", () => {
    const { names, effects } = run([{ ...start, useChatApi: true } as Step, { type: "socket-closed", code: 1006 }]);
    expect(names).toEqual(["fallback", "fallback"]);
    expect(effects[0]).toEqual([{ type: "cancel-timer", timer: "phase" }, { type: "hand-over" }]);
    expect(effects[1]).toEqual([]);
  });
});

describe("transition: offline and actions", () => {
  it("goes offline and comes back on wake, and retry-now skips the wait", () => {
    const offline = run([...joinedLive, { type: "went-offline" }, { type: "woke" }]);
    expect(offline.names.slice(-2)).toEqual(["offline", "connecting"]);
    const waiting = run([...joinedLive, { type: "socket-closed", code: 1006 }, { type: "retry-now" }]);
    expect(waiting.names.slice(-2)).toEqual(["reconnecting", "connecting"]);
  });
});
