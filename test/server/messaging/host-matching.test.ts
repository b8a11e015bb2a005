import { describe, expect, it } from "vitest";
import { normalizeHostName, webHostMatches } from "../../../demo/server/messaging/host-matching.ts";

// The endpoint tests cover what a client sends; these cover the normalising and the edge cases below it.
describe("host matching", () => {
  it("reduces an X-Host value to its lower-case host name", () => {
    expect(normalizeHostName("https://App.Example.com:8443/path?x=1")).toBe("app.example.com");
    expect(normalizeHostName("127.0.0.1:8787")).toBe("127.0.0.1");
    expect(normalizeHostName("http://[::1]:8787")).toBe("::1");
    expect(normalizeHostName("example.com.")).toBe("example.com");
  });

  it("refuses a host with the dot left out, and an empty host", () => {
    expect(webHostMatches("example.com", "examplecom")).toBe(false);
    expect(webHostMatches("example.com", "wwwexample.com")).toBe(false);
    expect(webHostMatches("example.com", "")).toBe(false);
  });

  it("matches an IP address only exactly", () => {
    expect(webHostMatches("127.0.0.1", "http://127.0.0.1:8787")).toBe(true);
    expect(webHostMatches("127.0.0.1", "x.127.0.0.1")).toBe(false);
  });
});
