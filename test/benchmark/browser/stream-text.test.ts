import { describe, expect, it } from "vitest";
import { markdownPlainText } from "../../../src/widget/markdown/index.ts";
import { burstMessages, streamedAnswer } from "./stream-text.ts";

const collapsed = (text: string) => text.replace(/\s+/g, " ").trim();

describe("the benchmark's streamed answer", () => {
  const answer = streamedAnswer(2000);

  it("comes in exactly the chunks asked for, which join into its Markdown", () => {
    expect(answer.fragments).toHaveLength(2000);
    expect(answer.fragments.join("")).toBe(answer.markdown);
    expect(answer.fragments.every((fragment) => fragment.length > 0)).toBe(true);
  });

  it("expects the text the widget's Markdown shows, lists, code and links included", () => {
    expect(answer.markdown).toMatch(/\n- step \d+ \n/);
    expect(answer.markdown).toContain("\n```\n");
    expect(collapsed(answer.plain)).toBe(collapsed(markdownPlainText(answer.markdown)));
  });
});

describe("the benchmark's burst", () => {
  it("numbers its messages and names the last one's text", () => {
    const { messages, lastText } = burstMessages(200);
    expect(messages.map((message) => message.id).slice(-2)).toEqual(["burst-199", "burst-200"]);
    expect(messages.at(-1)!.text.startsWith(lastText)).toBe(true);
  });
});
