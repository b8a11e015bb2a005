import { describe, expect, it } from "vitest";
import {
  initialChatApiState,
  transitionChatApi,
  type ChatApiEffect,
  type ChatApiEvent,
  type ChatApiState,
  type TurnEntry,
} from "../../../src/transport/chat-api/chat-api-lifecycle.ts";
import { ChatError, HttpError } from "../../../src/transport/errors.ts";

/** One input of a trace, with the oldest waiting message (none unless said). */
type Step = ChatApiEvent & { next?: TurnEntry | null };

/** Runs a trace from `state` and returns every phase and every effect list, in short. */
function run(steps: Step[], state: ChatApiState = initialChatApiState) {
  const phases: string[] = [];
  const effects: string[][] = [];
  let current = state;
  for (const { next = null, ...event } of steps) {
    const result = transitionChatApi(current, { ...(event as ChatApiEvent), next });
    current = result.state;
    const phase = current.phase;
    phases.push(
      phase.name === "creating" || phase.name === "responding"
        ? `${phase.name}#${phase.call}`
        : phase.name === "ready"
          ? `ready:${phase.conversationId ?? "none"}`
          : phase.name,
    );
    effects.push(result.effects.map(short));
  }
  return { phases, effects, last: current };
}

function short(effect: ChatApiEffect): string {
  switch (effect.type) {
    case "apply": {
      const event = effect.event;
      if (event.kind === "connection-changed") return `show:${event.connection.status}`;
      if (event.kind === "turn-pending") return `pending:${event.pending}`;
      if (event.kind === "session-ended") return `end:${event.reason}`;
      return event.kind;
    }
    case "create":
      return `create#${effect.call}`;
    case "respond":
      return `respond#${effect.call}:${effect.conversationId}:${effect.entry.id}`;
    case "close":
      return `close:${effect.conversationId}`;
    case "say":
      return `say:${effect.text}`;
    case "notify":
      return `notice:${effect.code}`;
    case "deliver":
      return `deliver:${effect.entry.id}`;
    case "fail":
    case "unconfirm":
    case "requeue":
      return `${effect.type}:${effect.id}`;
    default:
      return effect.type;
  }
}

const hello: TurnEntry = { id: "u1", text: "hello" };
const start: Step = { type: "start", planError: null };
const created = (call: number, conversationId = "c-1", greeting = "Hi!"): Step => ({ type: "created", call, conversationId, greeting });
const answered = (call: number, response = "Sure.", extra: object = {}): Step => ({
  type: "answered",
  call,
  entry: hello,
  answer: { conversation_id: "c-1", response, end_conversation: false, ...extra },
});
const refusedTurn = (call: number, error: ChatError, entry = hello): Step => ({ type: "respond-failed", call, entry, error });
const gone = new HttpError(404, "Conversation not found", null, "NOT_FOUND");
/** Started and greeted, with the conversation `c-1` open. */
const open: Step[] = [start, created(1)];

describe("the Chat API lifecycle: a conversation", () => {
  it("shows the Chat API, creates the conversation and greets, then sends each waiting message as one turn", () => {
    const { phases, effects } = run([...open, { type: "outbox-changed", next: hello }, answered(2)]);
    expect(phases).toEqual(["creating#1", "ready:c-1", "responding#2", "ready:c-1"]);
    expect(effects).toEqual([
      ["show:fallback", "pending:true", "create#1"],
      ["pending:false", "show:fallback", "say:Hi!"],
      ["pending:true", "respond#2:c-1:u1"],
      ["pending:false", "deliver:u1", "show:fallback", "say:Sure."],
    ]);
  });

  it("sends a message waiting at the greeting at once, and the next one only after the answer", () => {
    const second: TurnEntry = { id: "u2", text: "and this" };
    const { phases, effects } = run([
      start,
      { ...created(1), next: hello },
      { type: "outbox-changed", next: hello },
      { ...answered(2), next: second },
    ]);
    expect(phases).toEqual(["creating#1", "responding#2", "responding#2", "responding#3"]);
    expect(effects.at(-1)).toEqual(["pending:false", "deliver:u1", "show:fallback", "say:Sure.", "pending:true", "respond#3:c-1:u2"]);
  });

  it("fails at start without a request when the options name no usable Chat API", () => {
    const error = { kind: "configuration", code: "insecure-url", parameters: { option: "chatUrl" } } as const;
    const { phases, effects } = run([
      { type: "start", planError: error },
      { type: "outbox-changed", next: hello },
    ]);
    expect(phases).toEqual(["failed", "failed"]);
    expect(effects).toEqual([["show:failed", "fail-queued"], ["fail-queued"]]);
  });

  it("adds no agent message for an empty answer, reports a handoff to the site, and ends with end_conversation", () => {
    const handoff = { destination: "billing", reason: "POLICY" };
    const { phases, effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      answered(2, "", { handoff, end_conversation: true }),
    ]);
    expect(phases.at(-1)).toBe("ended");
    expect(effects.at(-1)).toEqual([
      "pending:false",
      "deliver:u1",
      "show:fallback",
      "client-handoff-required",
      "fail-queued",
      "end:REASON_NATURAL_END",
    ]);
  });
});

describe("the Chat API lifecycle: failures", () => {
  it("marks a turn that may have been acted on unconfirmed, never repeating it, and sends the next waiting one", () => {
    const second: TurnEntry = { id: "u2", text: "two" };
    const { phases, effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      { ...refusedTurn(2, new HttpError(502, null, null)), next: second },
    ]);
    expect(phases.at(-1)).toBe("responding#3");
    expect(effects.at(-1)).toEqual(["pending:false", "unconfirm:u1", "pending:true", "respond#3:c-1:u2"]);
    const offline = run([...open, { type: "outbox-changed", next: hello }, refusedTurn(2, new ChatError("network", "network-failure"))]);
    expect(offline.effects.at(-1)).toEqual(["pending:false", "unconfirm:u1"]);
  });

  it("fails a turn that was refused without being acted on", () => {
    const { effects } = run([...open, { type: "outbox-changed", next: hello }, refusedTurn(2, new HttpError(400, "Malformed", null))]);
    expect(effects.at(-1)).toEqual(["pending:false", "fail:u1"]);
  });

  it("moves a turn of a gone conversation to a new one with a notice, once", () => {
    const { phases, effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      refusedTurn(2, gone),
      { type: "outbox-changed", next: hello },
      created(3, "c-2", ""),
      { type: "outbox-changed", next: hello },
      refusedTurn(4, gone),
    ]);
    expect(phases).toEqual([
      "creating#1",
      "ready:c-1",
      "responding#2",
      "ready:none",
      "creating#3",
      "ready:c-2",
      "responding#4",
      "ready:c-2",
    ]);
    expect(effects[3]).toEqual(["pending:false", "notice:new-session", "requeue:u1"]);
    expect(effects.at(-1)).toEqual(["pending:false", "fail:u1"]);
  });

  it("fails for good on refused credentials: the turn, the connection and every waiting message", () => {
    const { phases, effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      refusedTurn(2, new HttpError(401, "Bad key", null)),
    ]);
    expect(phases.at(-1)).toBe("failed");
    expect(effects.at(-1)).toEqual(["pending:false", "fail:u1", "show:failed", "fail-queued"]);
  });

  it("delivers a turn whose 2xx answer cannot be read, saying so", () => {
    const { effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      refusedTurn(2, new ChatError("protocol", "invalid-answer")),
    ]);
    expect(effects.at(-1)).toEqual(["pending:false", "deliver:u1", "notice:unreadable-answer"]);
  });

  it("shows a create that failed for now, failing the waiting messages, and creates again for the next one", () => {
    const { phases, effects } = run([
      { ...start, next: hello },
      { type: "create-failed", call: 1, error: new ChatError("network", "network-failure") },
      { type: "outbox-changed" },
      { type: "outbox-changed", next: hello },
    ]);
    expect(phases).toEqual(["creating#1", "ready:none", "ready:none", "creating#2"]);
    expect(effects[1]).toEqual(["pending:false", "show:failed", "fail-queued"]);
    expect(effects[3]).toEqual(["pending:true", "create#2"]);
  });

  it("fails for good when create is refused with a 4xx other than 429", () => {
    const { phases } = run([start, { type: "create-failed", call: 1, error: new HttpError(403, null, null) }]);
    expect(phases).toEqual(["creating#1", "failed"]);
  });
});

describe("the Chat API lifecycle: endings, new conversations and late answers", () => {
  it("ends for the visitor at once and closes the open conversation", () => {
    const { phases, effects } = run([...open, { type: "end-requested" }, { type: "outbox-changed", next: hello }]);
    expect(phases.slice(-2)).toEqual(["ended", "ended"]);
    expect(effects.slice(-2)).toEqual([["fail-queued", "end:REASON_USER_END", "close:c-1"], ["fail-queued"]]);
  });

  it("closes a conversation whose create answer arrives after the end, and delivers a turn answered after it", () => {
    const whileCreating = run([start, { type: "end-requested" }, created(1, "late")]);
    expect(whileCreating.effects.at(-1)).toEqual(["close:late"]);
    const whileResponding = run([...open, { type: "outbox-changed", next: hello }, { type: "end-requested" }, answered(2)]);
    expect(whileResponding.effects.at(-1)).toEqual(["pending:false", "deliver:u1"]);
    expect(whileResponding.phases.at(-1)).toBe("ended");
  });

  it("starts a new conversation, and an answer of the old one changes nothing", () => {
    const { phases, effects } = run([
      ...open,
      { type: "outbox-changed", next: hello },
      { type: "new-conversation" },
      answered(2),
      created(1, "stale"),
    ]);
    expect(phases.slice(-3)).toEqual(["creating#3", "creating#3", "creating#3"]);
    expect(effects.slice(-3)).toEqual([
      ["close:c-1", "reset", "clear-outbox", "show:fallback", "pending:true", "create#3"],
      [],
      ["close:stale"],
    ]);
  });

  it("closes the conversation it leaves for a new one, or on destroy, and none that was never created", () => {
    expect(run([...open, { type: "new-conversation" }]).effects.at(-1)?.[0]).toBe("close:c-1");
    expect(run([...open, { type: "destroy" }]).effects.at(-1)).toEqual(["close:c-1"]);
    expect(run([start, { type: "new-conversation" }]).effects.at(-1)).not.toContain("close:c-1");
    expect(run([...open, { type: "end-requested" }, { type: "destroy" }]).effects.at(-1)).toEqual([]);
  });

  it("after destroy changes nothing, and closes a conversation created meanwhile", () => {
    const { phases, effects } = run([
      start,
      { type: "destroy" },
      created(1),
      { type: "outbox-changed", next: hello },
      { type: "end-requested" },
    ]);
    expect(phases).toEqual(["creating#1", "destroyed", "destroyed", "destroyed", "destroyed"]);
    expect(effects.slice(1)).toEqual([[], ["close:c-1"], [], []]);
  });

  it("is pure: the same state and input give the same result, and the state is not mutated", () => {
    const state = run(open).last;
    const frozen = structuredClone(state);
    const input = { type: "outbox-changed", next: hello } as const;
    expect(transitionChatApi(state, input)).toEqual(transitionChatApi(state, input));
    expect(state).toEqual(frozen);
  });
});
