import { describe, expect, it } from "vitest";
import { ChatError, HttpError } from "../../../src/transport/errors.ts";
import { classifyFailure, describeFailure, type FailureContext } from "../../../src/transport/lifecycle/failure-classification.ts";

const fresh: FailureContext = { transport: "auto", anySocketOpened: false, sessionRestored: false };
const established: FailureContext = { ...fresh, anySocketOpened: true };

describe("classifyFailure", () => {
  it("treats a refused connector as fatal and other final 4xx as fatal", () => {
    expect(
      classifyFailure({ kind: "http", request: "access-token", error: new HttpError(401, "Connector token does not exist", null) }, fresh),
    ).toBe("fatal");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(400, "Error parsing request", null) }, fresh)).toBe(
      "fatal",
    );
    expect(classifyFailure({ kind: "http", request: "access-token", error: new ChatError("configuration", "invalid-url") }, fresh)).toBe(
      "fatal",
    );
  });

  it("retries 429, 5xx and network failures, and refreshes the token on a 401 from sessions", () => {
    expect(classifyFailure({ kind: "http", request: "access-token", error: new HttpError(503, null, null) }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(429, null, 2000) }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new ChatError("network", "network-failure") }, fresh)).toBe("retry");
    expect(classifyFailure({ kind: "http", request: "sessions", error: new HttpError(401, "Invalid access token", null) }, fresh)).toBe(
      "refresh-token",
    );
  });

  it("retries one refused handshake on the same session, doubtful or not", () => {
    expect(classifyFailure({ kind: "handshake", consecutive: 1, doubtful: true, sinceAnswer: 1 }, established)).toBe("retry");
    expect(classifyFailure({ kind: "handshake", consecutive: 1, doubtful: true, sinceAnswer: null }, established)).toBe("retry");
    expect(classifyFailure({ kind: "handshake", consecutive: 1, doubtful: false, sinceAnswer: null }, established)).toBe("retry");
  });

  it("takes a doubtful session for gone only after two refusals while the platform answers, asking it for a token first", () => {
    const doubtful = (consecutive: number, sinceAnswer: number | null) =>
      classifyFailure({ kind: "handshake", consecutive, doubtful: true, sinceAnswer }, established);
    expect(doubtful(2, 2)).toBe("new-session");
    expect(doubtful(2, null)).toBe("refresh-token");
    expect(doubtful(3, 1)).toBe("retry");
    expect(doubtful(4, 2)).toBe("new-session");
  });

  it("escalates every third failed handshake in a row of a session not in doubt, to a fresh token at most", () => {
    const handshake = (consecutive: number, context: FailureContext) =>
      classifyFailure({ kind: "handshake", consecutive, doubtful: false, sinceAnswer: null }, context);
    expect([1, 2].map((count) => handshake(count, fresh))).toEqual(["retry", "retry"]);
    expect(handshake(3, fresh)).toBe("fall-back");
    expect(handshake(3, { ...fresh, transport: "messaging" })).toBe("refresh-token");
    expect(handshake(3, { ...fresh, sessionRestored: true })).toBe("refresh-token");
    expect(handshake(3, established)).toBe("refresh-token");
    expect(handshake(6, established)).toBe("refresh-token");
  });

  it("reads the close codes: 4001 new session, 1000 after the end final, anything else retried", () => {
    expect(classifyFailure({ kind: "close", code: 4001, sessionEnded: false }, established)).toBe("new-session");
    expect(classifyFailure({ kind: "close", code: 1000, sessionEnded: true }, established)).toBe("fatal");
    expect(classifyFailure({ kind: "close", code: 1000, sessionEnded: false }, established)).toBe("retry");
    expect(classifyFailure({ kind: "close", code: 4002, sessionEnded: false }, established)).toBe("retry");
    expect(classifyFailure({ kind: "close", code: 1006, sessionEnded: false }, established)).toBe("retry");
    expect(classifyFailure({ kind: "session-gone", expired: true }, established)).toBe("new-session");
  });
});

describe("describeFailure", () => {
  it.each([
    ["Connector token does not exist", "connector-unknown", {}],
    ["Failed to validate connector", "host-not-registered", { host: "shop.example" }],
    ["Connector missing host domain", "connector-without-host", {}],
    ["Missing authentication headers", "connector-headers-missing", {}],
  ])("names the cause of a 401 %s as a code", (serverMessage, code, parameters) => {
    const info = describeFailure({ kind: "http", request: "access-token", error: new HttpError(401, serverMessage, null) }, "shop.example");
    expect(info).toEqual({ kind: "configuration", code, parameters });
  });

  it("codes any other refusal with the request and status, and a dropped connection as ended", () => {
    expect(describeFailure({ kind: "http", request: "sessions", error: new HttpError(400, "Error parsing request", null) }, "")).toEqual({
      kind: "configuration",
      code: "request-refused",
      parameters: { request: "sessions", status: 400 },
    });
    expect(describeFailure({ kind: "http", request: "access-token", error: new HttpError(401, "toString", null) }, "").code).toBe(
      "request-refused",
    );
    expect(describeFailure({ kind: "close", code: 4002, sessionEnded: false }, "")).toEqual({ kind: "protocol", code: "connection-ended" });
  });
});
