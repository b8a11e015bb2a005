import { describe, expect, it } from "vitest";
import type { Attachment } from "../../../src/protocol/index.ts";
import {
  addChunk,
  closeStream,
  heldChunks,
  startStream,
  type StreamAssembly,
  type StreamChunk,
} from "../../../src/transport/conversation/stream-assembly.ts";

function chunk(chunkIndex: number, text: string, extra: Partial<StreamChunk> = {}): StreamChunk {
  return { chunkIndex, text, attachments: [], suggestions: [], isComplete: false, ...extra };
}

function feed(chunks: StreamChunk[], assembly: StreamAssembly = startStream("m1")): StreamAssembly {
  return chunks.reduce(addChunk, assembly);
}

const card: Attachment = {
  title: "Opening hours",
  preview_image_url: "",
  content_url: "https://example.com/hours",
  content_type: "ATTACHMENT_CONTENT_TYPE_URL",
  call_to_action_text: "Open",
};

describe("stream assembly", () => {
  it("concatenates chunks that arrive in order and completes at is_complete", () => {
    const open = feed([chunk(1, "Hel"), chunk(2, "lo ")]);
    expect(open).toMatchObject({ text: "Hel" + "lo ", complete: false, nextIndex: 3 });
    const done = addChunk(open, chunk(3, "there", { isComplete: true }));
    expect(done).toMatchObject({ text: "Hello there", complete: true });
    expect(heldChunks(done)).toEqual([]);
  });

  it("holds a chunk that arrives ahead of a gap until the gap fills", () => {
    const held = feed([chunk(1, "a"), chunk(3, "c"), chunk(4, "d", { isComplete: true })]);
    expect(held.text).toBe("a");
    expect(held.complete).toBe(false);
    expect(heldChunks(held).map((item) => item.chunkIndex)).toEqual([3, 4]);
    const filled = addChunk(held, chunk(2, "b"));
    expect(filled).toMatchObject({ text: "abcd", complete: true });
    expect(heldChunks(filled)).toEqual([]);
  });

  it("assembles a fully reversed series into the right text", () => {
    const done = feed([chunk(3, "3", { isComplete: true }), chunk(2, "2"), chunk(1, "1")]);
    expect(done).toMatchObject({ text: "123", complete: true });
  });

  it("ignores a duplicate chunk_index, applied or held, and returns the same object", () => {
    const applied = feed([chunk(1, "one"), chunk(3, "three")]);
    expect(addChunk(applied, chunk(1, "one"))).toBe(applied);
    expect(addChunk(applied, chunk(3, "three"))).toBe(applied);
    expect(feed([chunk(2, "two")], applied).text).toBe("onetwothree");
  });

  it("ignores every chunk after completion", () => {
    const done = feed([chunk(1, "end", { isComplete: true })]);
    expect(addChunk(done, chunk(2, "late"))).toBe(done);
  });

  it("drops held chunks beyond the completing chunk", () => {
    const done = feed([chunk(4, "stray"), chunk(2, "b", { isComplete: true }), chunk(1, "a")]);
    expect(done).toMatchObject({ text: "ab", complete: true });
    expect(heldChunks(done)).toEqual([]);
  });

  it("appends attachments and suggestions, and an empty final chunk may carry the suggestions", () => {
    const done = feed([
      chunk(1, "See ", { attachments: [card] }),
      chunk(2, "this.", { suggestions: ["Thanks"] }),
      chunk(3, "", { suggestions: ["More", "Bye"], isComplete: true }),
    ]);
    expect(done.text).toBe("See this.");
    expect(done.attachments).toEqual([card]);
    expect(done.suggestions).toEqual(["Thanks", "More", "Bye"]);
    expect(done.complete).toBe(true);
  });

  it("keeps the lists' identity when a chunk adds nothing to them", () => {
    const first = feed([chunk(1, "a", { suggestions: ["x"] })]);
    const second = addChunk(first, chunk(2, "b"));
    expect(second.suggestions).toBe(first.suggestions);
    expect(second.attachments).toBe(first.attachments);
  });

  it("on close keeps everything that arrived, held chunks included, in chunk order", () => {
    const open = feed([chunk(1, "a"), chunk(4, "d"), chunk(3, "c")]);
    const closed = closeStream(open);
    expect(closed).toMatchObject({ text: "acd", complete: true });
    expect(heldChunks(closed)).toEqual([]);
    expect(closeStream(closed)).toBe(closed);
  });

  it("assembles 10,000 chunks that arrive last first in linear time, holding each without copying the others", () => {
    const count = 10_000;
    const reversed = Array.from({ length: count }, (_, index) => chunk(count - index, `${count - index} `, { isComplete: index === 0 }));
    const startedAt = performance.now();
    const waiting = feed(reversed.slice(0, -1));
    expect(waiting.text).toBe("");
    expect(heldChunks(waiting)).toHaveLength(count - 1);
    const done = addChunk(waiting, reversed.at(-1)!);
    // Linear takes a few milliseconds, well under a second on a busy machine; sorting and copying what waits at each arrival took seconds.
    expect(performance.now() - startedAt).toBeLessThan(1_500);
    expect(done.text).toBe(Array.from({ length: count }, (_, index) => `${index + 1} `).join(""));
    expect(done.complete).toBe(true);
  });

  it("stays immutable: an earlier assembly that takes another chunk sees only what it held", () => {
    const earlier = feed([chunk(1, "a"), chunk(3, "c")]);
    const oneWay = addChunk(earlier, chunk(4, "d"));
    const otherWay = addChunk(earlier, chunk(5, "e"));
    expect(heldChunks(earlier).map((held) => held.text)).toEqual(["c"]);
    expect(heldChunks(oneWay).map((held) => held.text)).toEqual(["c", "d"]);
    expect(heldChunks(otherWay).map((held) => held.text)).toEqual(["c", "e"]);
    expect(addChunk(earlier, chunk(2, "b", { isComplete: true })).text).toBe("ab");
    expect(addChunk(otherWay, chunk(2, "b")).text).toBe("abc");
    expect(addChunk(oneWay, chunk(2, "b")).text).toBe("abcd");
    expect(closeStream(otherWay).text).toBe("ace");
  });

  it("never repeats text when a replay after a reconnect overlaps what arrived live", () => {
    const live = feed([chunk(1, "The "), chunk(2, "answer ")]);
    const replayed = feed([chunk(1, "The "), chunk(2, "answer "), chunk(3, "is "), chunk(4, "42.", { isComplete: true })], live);
    expect(replayed).toMatchObject({ text: "The answer is 42.", complete: true });
  });
});
