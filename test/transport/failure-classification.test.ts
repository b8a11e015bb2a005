import { describe, expect, it } from "vitest";
import { ChatError, HttpError } from "../../src/transport/errors.ts";
import { classifyFailure, describeFailure, type FailureContext } from "../../src/transport/failure-classification.ts";

const fresh: FailureContext = { transport: "auto", anySocketOpened: false, sessionRestored: false, tokenRefreshedInStreak: false };
const established: FailureContext = { ...fresh, anySocketOpened: true };

describe("classifyFailure", () => {
  it("treats a refused connector as fatal and other final 4xx as fatal", () => {
    expect(classifyFailure({ kind: "http", request: "access-token", error: new HttpError(401, "Connector token does not exist", null) }, fresh)).toBe("fatal");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(400, "Error parsing request", null) }, fresh)).toBe("fatal");
  });

  it("retries 429, 5xx and network failures, and refreshes the token on a 401 from sessions", () => {
    expect(classifyFailure({ kind: "http", request: "access-token", error: new HttpError(503, null, null) }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(429, null, 2000) }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new ChatError("network", "down") }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(401, "Invalid access token", null) }, fresh)).toBe("refresh-token");
  });

  it("escalates every third failed handshake in a row", () => {
    const handshake = (consecutive: number, context: FailureContext) => classifyFailure({ kind: "handshake", consecutive }, context);
    expect([1, 2].map((count) => handshake(count, fresh))).toEqual(["retry", "retry"]);
    expect(handshake(3, fresh)).toBe("fall-back");
    expect(handshake(3, { ...fresh, transport: "messaging" })).toBe("refresh-token");
    expect(handshake(3, { ...fresh, sessionRestored: true })).toBe("new-session");
    expect(handshake(3, established)).toBe("refresh-token");
    expect(handshake(6, { ...established, tokenRefreshedInStreak: true })).toBe("new-session");
  });

  it("reads the close codes: 4001 new session, 1000 after the end final, anything else retried", () => {
    expect(classifyFailure({ kind: "close", code: 4001, sessionEnded: false }, established)).toBe("new-session");
    expect(classifyFailure({ kind: "close", code: 1000, sessionEnded: true }, established)).toBe("fatal");
    expect(classifyFailure({ kind: "close", code: 4002, sessionEnded: false }, established)).toBe("retry");
    expect(classifyFailure({ kind: "close", code: 1006, sessionEnded: false }, established)).toBe("retry");
    expect(classifyFailure({ kind: "dead-socket" }, established)).toBe("retry");
    expect(classifyFailure({ kind: "idle-expired" }, established)).toBe("new-session");
  });
});

describe("describeFailure", () => {
  it.each([
    ["Connector token does not exist", "connectorToken"],
    ["Failed to validate connector", '"shop.example" is not registered'],
    ["Connector missing host domain", "no host domain registered"],
    ["Missing authentication headers", "missing"],
  ])("names the cause of a 401 %s", (serverMessage, text) => {
    const info = describeFailure({ kind: "http", request: "access-token", error: new HttpError(401, serverMessage, null) }, "shop.example");
    expect(info.kind).toBe("configuration");
    expect(info.message).toContain(text);
  });
});
