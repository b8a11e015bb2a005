import { describe, expect, it } from "vitest";
import { classifyTurnFailure } from "../../../src/transport/chat-api/turn-failure.ts";
import { ChatError, HttpError } from "../../../src/transport/errors.ts";

describe("classifyTurnFailure", () => {
  it("never repeats a turn that may have been acted on: it is unconfirmed, for the user to send again", () => {
    expect(classifyTurnFailure(new HttpError(500, null, null), false)).toBe("unconfirmed");
    expect(classifyTurnFailure(new HttpError(504, null, null), false)).toBe("unconfirmed");
    expect(classifyTurnFailure(new ChatError("network", "network-failure"), false)).toBe("unconfirmed");
  });

  it("fails a turn that was refused, not acted on", () => {
    expect(classifyTurnFailure(new HttpError(400, "Malformed", null, "BAD_REQUEST"), false)).toBe("fail-message");
    expect(classifyTurnFailure(new HttpError(429, null, null), false)).toBe("fail-message");
  });

  it("treats refused credentials as final", () => {
    expect(classifyTurnFailure(new HttpError(401, null, null), false)).toBe("fatal");
    expect(classifyTurnFailure(new HttpError(403, null, null), false)).toBe("fatal");
  });

  it("moves a turn to a new conversation, once, when the conversation is gone or timed out", () => {
    const timedOut = new HttpError(400, "Chat session exceeded the timeout limit.", null, "CHAT_TIMEOUT");
    expect(
      [timedOut, new HttpError(404, null, null), new HttpError(410, null, null)].map((error) => classifyTurnFailure(error, false)),
    ).toEqual(["new-conversation", "new-conversation", "new-conversation"]);
    expect(classifyTurnFailure(timedOut, true)).toBe("fail-message");
  });
});
