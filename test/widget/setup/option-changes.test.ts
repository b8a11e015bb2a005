import { describe, expect, it } from "vitest";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import { changedOptions } from "../../../src/widget/setup/option-changes.ts";

describe("changedOptions", () => {
  it("reports the options whose value differs, and a removed one as undefined", () => {
    expect(changedOptions({ headerTitle: "One", locale: "fr" }, { headerTitle: "Two" })).toEqual({ headerTitle: "Two", locale: undefined });
  });

  it("compares object options by content", () => {
    expect(changedOptions({ chatHeaders: { "X-Site": "a" } }, { chatHeaders: { "X-Site": "a" } })).toBeNull();
    expect(changedOptions({ chatHeaders: { "X-Site": "a" } }, { chatHeaders: { "X-Site": "b" } })).toEqual({
      chatHeaders: { "X-Site": "b" },
    });
  });

  it("compares the environment by identity, since it holds functions", () => {
    const environment = { now: () => 1 } as unknown as ChatClientOptions["environment"];
    const other = { now: () => 2 } as unknown as ChatClientOptions["environment"];
    expect(changedOptions({ environment }, { environment })).toBeNull();
    expect(changedOptions({ environment }, { environment: other })).toEqual({ environment: other });
  });

  it("compares function options by identity, so a new getAccessToken replaces the client", () => {
    const getAccessToken = async () => ({ access_token: "a", expires_in: 60 });
    const other = async () => ({ access_token: "b", expires_in: 60 });
    expect(changedOptions({ getAccessToken }, { getAccessToken })).toBeNull();
    expect(changedOptions({ getAccessToken }, { getAccessToken: other })).toEqual({ getAccessToken: other });
    expect(changedOptions({ getAccessToken }, {})).toEqual({ getAccessToken: undefined });
  });

  it("returns null when nothing changed", () => {
    expect(changedOptions({}, {})).toBeNull();
    expect(changedOptions({ mode: "inline", open: true }, { mode: "inline", open: true })).toBeNull();
  });
});
