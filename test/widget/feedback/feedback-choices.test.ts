import { describe, expect, it } from "vitest";
import { createFeedbackChoices } from "../../../src/widget/feedback/feedback-choices.ts";
import type { FeedbackDetail } from "../../../src/widget/widget-types.ts";

/** A Storage over a Map, enough for the choices. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe("feedback choices", () => {
  it("record each choice, fire it with the message id, and fire nothing for the same choice again", () => {
    const fired: FeedbackDetail[] = [];
    const choices = createFeedbackChoices(memoryStorage(), "key", true, (detail) => fired.push(detail));
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
    const storage = memoryStorage();
    createFeedbackChoices(storage, "key", true, () => {}).choose("m1", { value: "down" });
    expect(createFeedbackChoices(storage, "key", true, () => {}).chosen.value).toEqual({ m1: { value: "down" } });
    expect(createFeedbackChoices(storage, "key", false, () => {}).chosen.value).toEqual({});
    expect(storage.getItem("key")).toBeNull();
  });

  it("are all forgotten, stored ones too, on a reset, which fires nothing", () => {
    const storage = memoryStorage();
    const fired: FeedbackDetail[] = [];
    const choices = createFeedbackChoices(storage, "key", true, (detail) => fired.push(detail));
    choices.choose("m1", { value: "up" });
    choices.forget();
    expect(choices.chosen.value).toEqual({});
    expect(storage.getItem("key")).toBeNull();
    choices.choose("m2", { value: "down" });
    expect(JSON.parse(storage.getItem("key") ?? "{}")).toEqual({ m2: { value: "down" } });
    expect(fired).toHaveLength(2);
  });

  it("work without storage, and survive unreadable stored text", () => {
    const storage = memoryStorage();
    storage.setItem("key", "{not json");
    expect(createFeedbackChoices(storage, "key", true, () => {}).chosen.value).toEqual({});
    const choices = createFeedbackChoices(null, "key", true, () => {});
    choices.choose("m1", { value: "up" });
    expect(choices.chosen.value).toEqual({ m1: { value: "up" } });
  });
});
