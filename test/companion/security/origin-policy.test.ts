import { describe, expect, it } from "vitest";
import { createOriginPolicy, preflightResponse } from "../../../src/server/security/origin-policy.ts";

describe("createOriginPolicy", () => {
  it("allows listed origins exactly, after normalising both sides", () => {
    const allowed = createOriginPolicy(["https://www.example.com", "http://localhost:5173/"]);
    expect(allowed("https://www.example.com")).toBe(true);
    expect(allowed("https://WWW.example.com:443")).toBe(true);
    expect(allowed("http://localhost:5173")).toBe(true);
    for (const origin of [
      "https://example.com",
      "http://www.example.com",
      "https://www.example.com:8443",
      "https://www.example.com.evil.net",
      "https://evilwww.example.com",
      "null",
      "",
      null,
    ]) {
      expect(allowed(origin), String(origin)).toBe(false);
    }
  });

  it("asks a predicate, never with the opaque or a missing origin", () => {
    const asked: string[] = [];
    const allowed = createOriginPolicy((origin) => {
      asked.push(origin);
      return origin.endsWith(".example.com");
    });
    expect(allowed("https://app.example.com")).toBe(true);
    expect(allowed("null")).toBe(false);
    expect(allowed(null)).toBe(false);
    expect(asked).toEqual(["https://app.example.com"]);
  });

  it("refuses entries that are not origins", () => {
    for (const entry of [
      "*",
      "example.com",
      "https://example.com/path",
      "ftp://example.com",
      "https://user@example.com",
      "https://example.com?x",
    ]) {
      expect(() => createOriginPolicy([entry]), entry).toThrow(/not an origin/);
    }
  });
});

describe("preflightResponse", () => {
  it("echoes a well-formed list of requested headers, and only that", () => {
    expect(preflightResponse("https://a.example", ["POST"], "content-type, x-csrf-token").headers.get("Access-Control-Allow-Headers")).toBe(
      "content-type, x-csrf-token",
    );
    expect(preflightResponse("https://a.example", ["POST"], "content-type\r\nx: y").headers.get("Access-Control-Allow-Headers")).toBe(
      "Content-Type",
    );
    expect(preflightResponse("https://a.example", ["POST"], null).headers.get("Access-Control-Allow-Headers")).toBe("Content-Type");
  });
});
