import { describe, expect, it } from "vitest";
import { positionOf, setDraft, withMessageAt } from "../../../src/transport/conversation/transcript-array.ts";
import type { ChatMessage } from "../../../src/transport/conversation.ts";

const message = (id: string, text = id): ChatMessage => ({
  id,
  role: "agent",
  text,
  attachments: [],
  suggestions: [],
  streaming: false,
  time: 1,
});

const withAppended = (messages: readonly ChatMessage[], added: ChatMessage) => withMessageAt(messages, messages.length, added);

const build = (...ids: string[]) => ids.reduce<readonly ChatMessage[]>((messages, id) => withAppended(messages, message(id)), []);

describe("transcript arrays", () => {
  it("finds every message of a transcript built by appending, and none that is not in it", () => {
    const messages = build("a", "b", "c");
    expect(["a", "b", "c", "d"].map((id) => positionOf(messages, id))).toEqual([0, 1, 2, -1]);
  });

  it("answers right for two transcripts made from one, whose shared index disagrees", () => {
    const root = build("a", "b");
    const left = withAppended(root, message("x"));
    const right = withAppended(withAppended(root, message("y")), message("x"));
    expect([positionOf(left, "x"), positionOf(right, "x"), positionOf(root, "x"), positionOf(left, "y")]).toEqual([2, 3, -1, -1]);
  });

  it("finds messages in a transcript it did not make, and after a replacement", () => {
    const made = [message("a"), message("b")];
    expect(positionOf(made, "b")).toBe(1);
    const replaced = withMessageAt(made, 1, message("b", "new"));
    expect(positionOf(replaced, "b")).toBe(1);
    expect(made[1]!.text).toBe("b");
  });

  it("answers each transcript for itself right after another was asked the same or was changed", () => {
    const without = build("a", "b");
    const within = build("x", "a");
    expect([positionOf(without, "x"), positionOf(within, "x"), positionOf(without, "a"), positionOf(within, "b")]).toEqual([-1, 0, 0, -1]);
    setDraft(within, true);
    expect(positionOf(within, "y")).toBe(-1);
    expect(positionOf(withAppended(within, message("y")), "y")).toBe(2);
    setDraft(within, false);
    expect([positionOf(within, "a"), positionOf(without, "y"), positionOf(within, "x")]).toEqual([1, -1, 0]);
  });

  it("starts a new index for each conversation rather than sharing the empty transcript's", () => {
    const first = withAppended([], message("a"));
    const second = withAppended([], message("b"));
    expect([positionOf(first, "b"), positionOf(second, "a"), positionOf(second, "b")]).toEqual([-1, -1, 0]);
  });

  it("changes a draft in place and copies a transcript that was shown", () => {
    const shown = build("a");
    const copied = withAppended(shown, message("b"));
    expect([shown.length, copied.length]).toEqual([1, 2]);
    setDraft(copied, true);
    const grown = withAppended(copied, message("c"));
    const changed = withMessageAt(grown, 0, message("a", "new"));
    expect(grown).toBe(copied);
    expect(changed).toBe(copied);
    expect(copied.map((item) => item.text)).toEqual(["new", "b", "c"]);
    setDraft(copied, false);
    expect(withAppended(copied, message("d"))).not.toBe(copied);
    expect(copied).toHaveLength(3);
  });

  it("never drafts an empty transcript, which conversations share", () => {
    const empty: readonly ChatMessage[] = [];
    setDraft(empty, true);
    withAppended(empty, message("a"));
    expect(empty).toEqual([]);
  });
});
