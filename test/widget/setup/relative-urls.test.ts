import { describe, expect, it } from "vitest";
import { resolveRelativeUrls } from "../../../src/widget/setup/relative-urls.ts";

describe("resolveRelativeUrls", () => {
  const base = "http://127.0.0.1:8787/pages/demo.html";

  it("resolves a relative messaging URL against the page and drops the trailing slash", () => {
    expect(resolveRelativeUrls({ messagingUrl: "/" }, base)).toEqual({ messagingUrl: "http://127.0.0.1:8787" });
  });

  it("resolves a relative chat URL to an absolute one", () => {
    expect(resolveRelativeUrls({ chatUrl: "/v1/account/project/chat" }, base)).toEqual({
      chatUrl: "http://127.0.0.1:8787/v1/account/project/chat",
    });
  });

  it("leaves a relative URL that leaves the page's origin as written, for the client to refuse", () => {
    const options = { messagingUrl: "//evil.example", chatUrl: "/\\evil.example/chat" };
    expect(resolveRelativeUrls(options, base)).toEqual(options);
  });

  it("keeps absolute URLs exactly as written, so the client can refuse plain http", () => {
    const options = { messagingUrl: "http://example.com/", chatUrl: "https://proxy.example.com/chat/" };
    expect(resolveRelativeUrls(options, base)).toEqual(options);
  });

  it("leaves the other options untouched", () => {
    expect(resolveRelativeUrls({ headerTitle: "/not-a-url" }, base)).toEqual({ headerTitle: "/not-a-url" });
  });
});
