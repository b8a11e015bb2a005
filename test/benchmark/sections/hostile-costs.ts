import { h, render } from "preact";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { initialConversationState, reduceConversation } from "../../../src/transport/conversation/conversation-reducer.ts";
import { readMarkdownView } from "../../../src/widget/markdown/block-cache.ts";
import { MarkdownBody, markdownPlainText } from "../../../src/widget/markdown/index.ts";
import { hostileMessages, prefixesOf, streamedParagraph } from "../fixtures/hostile-inputs.ts";

/** What one hostile case costs, in milliseconds of CPU time: showing it, and reading its plain text. */
export interface HostileCost {
  name: string;
  show: number;
  /** Null where the case has no plain text to read (see `HostileCase.plainText`). */
  plainText: number | null;
  /** What went wrong, if a run threw. */
  error?: string;
}

/** Shows each text in turn in one bubble, as a message whose text changes. */
export type Show = (texts: readonly string[]) => void;

/** One hostile input, and the work of showing it, prepared afresh for each run. */
export interface HostileCase {
  name: string;
  /** Prepares a run (outside the time measured) and returns its work. */
  prepare: (show: Show) => () => void;
  /** The text whose plain text (for announcements) is measured too, for whole messages. */
  plainText?: string;
}

/**
 * How a bubble shows texts: with a `document`, the widget's Markdown bubble mounted in it (and removed
 * again before the task ends, so no layout follows); without, parsed as that bubble parses.
 */
export function showIn(document: Document | null): Show {
  return (texts) => {
    if (!document) {
      for (const text of texts) readMarkdownView(text);
      return;
    }
    const host = document.body.appendChild(document.createElement("div"));
    for (const text of texts) render(h(MarkdownBody, { text }), host);
    render(null, host);
    host.remove();
  };
}

/** `count` chunks of one message, last first: every one but the last waits for a gap to fill. */
export function reversedChunks(count: number): ConversationEvent[] {
  return Array.from({ length: count }, (_, index): ConversationEvent => {
    const chunkIndex = count - index;
    const isComplete = chunkIndex === count;
    return {
      kind: "agent-message-chunk",
      id: "reversed",
      chunkIndex,
      text: `chunk ${chunkIndex} `,
      attachments: [],
      suggestions: [],
      isComplete,
      time: 0,
    };
  });
}

/** The text the conversation store's reducer assembles from `events`, all of one message. */
export function assemble(events: readonly ConversationEvent[]): string {
  const context = { now: () => 0, random: () => 0 };
  const state = events.reduce((current, event) => reduceConversation(current, event, context), initialConversationState);
  return state.snapshot.messages[0]!.text;
}

/**
 * The hostile inputs: every message of `hostileMessages`, a 500 KB paragraph of short lines shown after
 * each of its 1 KB fragments, and 10,000 chunks of one message in reverse order, assembled by the
 * conversation store's reducer and then shown. Each run starts its text with a line of its own, so no run
 * finds the blocks of an earlier one kept.
 */
export function hostileCases(): HostileCase[] {
  let run = 0;
  const fresh = (text: string) => `run ${++run}\n\n${text}`;
  const cases: HostileCase[] = Object.entries(hostileMessages()).map(([name, text]) => ({
    name,
    prepare: (show) => {
      const input = fresh(text);
      return () => show([input]);
    },
    plainText: text,
  }));
  const { fragments } = streamedParagraph();
  cases.push({
    name: `500 KB paragraph of short lines, shown after each of its ${fragments.length} fragments`,
    prepare: (show) => {
      const prefixes = prefixesOf([fresh(""), ...fragments]);
      return () => show(prefixes);
    },
  });
  const chunks = reversedChunks(10_000);
  cases.push({
    name: "10,000 chunks of one message in reverse order, assembled, then shown",
    prepare: (show) => {
      const opening = fresh("");
      return () => show([opening + assemble(chunks)]);
    },
  });
  return cases;
}

/** The plain text work of a case, as `markdownPlainText` reads it for the live region; null for none. */
export function plainTextWork(hostileCase: HostileCase): (() => void) | null {
  const { plainText } = hostileCase;
  return plainText === undefined ? null : () => markdownPlainText(plainText);
}
