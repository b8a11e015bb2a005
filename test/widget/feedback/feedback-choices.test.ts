import { afterEach, describe, expect, it } from "vitest";
import { sessionStorageKeyFor } from "../../../src/transport/session-storage-key.ts";
import { createFeedbackChoices } from "../../../src/widget/feedback/feedback-choices.ts";
import { sessionRecordFor } from "../../../src/widget/memory/session-record.ts";
import type { FeedbackDetail } from "../../../src/widget/widget-types.ts";

afterEach(() => localStorage.clear());

/** The feedback record of the default widget, as a page that has (or no longer has) its session reads it. */
const record = (hasSession = true) => sessionRecordFor({}, "feedback", hasSession);

describe("feedback choices", () => {
  it("record each choice, fire it with the message id, and fire nothing for the same choice again", () => {
    const fired: FeedbackDetail[] = [];
    const choices = createFeedbackChoices(record(), (detail) => fired.push(detail));
    choices.choose("m1", { value: "up" });
    choices.choose("m1", { value: "up" });
    choices.choose("m1", { value: "down" });
    choices.choose("m1", { value: "down", comment: "Too vague" });
    choices.choose("m2", { value: "up" });
    expect(fired).toEqual([
      { messageId: "m1", value: "up" },
      { messageId: "m1", value: "down" },
      { messageId: "m1", value: "down", comment: "Too vague" },
      { messageId: "m2", value: "up" },
    ]);
    expect(choices.chosen.value).toEqual({ m1: { value: "down", comment: "Too vague" }, m2: { value: "up" } });
  });

  it("come back after a reload while the session is stored, and are forgotten with it", () => {
    createFeedbackChoices(record(), () => {}).choose("m1", { value: "down" });
    expect(localStorage.getItem(`${sessionStorageKeyFor()}:feedback`)).toBe('{"m1":{"value":"down"}}');
    expect(createFeedbackChoices(record(), () => {}).chosen.value).toEqual({ m1: { value: "down" } });
    expect(createFeedbackChoices(record(false), () => {}).chosen.value).toEqual({});
    expect(localStorage.length).toBe(0);
  });

  it("work without storage, and survive unreadable stored text", () => {
    localStorage.setItem(`${sessionStorageKeyFor()}:feedback`, "{not json");
    expect(createFeedbackChoices(record(), () => {}).chosen.value).toEqual({});
    const choices = createFeedbackChoices(sessionRecordFor({ persist: "none" }, "feedback", true), () => {});
    choices.choose("m1", { value: "up" });
    expect(choices.chosen.value).toEqual({ m1: { value: "up" } });
    expect(localStorage.getItem(`${sessionStorageKeyFor()}:feedback`)).toBe("{not json");
  });
});
