import type { ChatMessage, ConversationSnapshot } from "../../src/transport/conversation.ts";

// A fixed start time keeps every run's text and timestamps identical.
const firstMessageTime = Date.UTC(2026, 0, 5, 9, 0);

const agentTexts = [
  "Here is what I found for your order:\n\n- **Status**: shipped\n- *Carrier*: Parcel Express\n- Tracking: [follow it here](https://example.com/track)",
  "You can change the delivery address until the parcel leaves our warehouse. Use `Account > Orders` and pick the order.",
  "Refunds usually take **3 to 5 business days** once we receive the item back.",
];

const userTexts = ["Where is my order?", "Can I change the address?", "How long does a refund take?"];

/** A connected conversation snapshot holding `messages`. */
export function conversationSnapshot(messages: readonly ChatMessage[]): ConversationSnapshot {
  return {
    messages,
    typing: { kind: "none" },
    agent: { name: "Ava" },
    liveAgent: null,
    handoff: { phase: "none" },
    notices: [],
    language: null,
    ended: null,
    connection: { status: "connected" },
    transport: "messaging",
  };
}

/** A transcript of `count` finished messages, user and agent taking turns; agent replies carry Markdown. */
export function transcript(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, index): ChatMessage => {
    const time = firstMessageTime + index * 15_000;
    const turn = Math.floor(index / 2) % agentTexts.length;
    if (index % 2 === 0) {
      return {
        id: `user-${index}`,
        role: "user",
        text: userTexts[turn] as string,
        attachments: [],
        suggestions: [],
        status: "sent",
        streaming: false,
        time,
      };
    }
    return {
      id: `agent-${index}`,
      role: "agent",
      text: agentTexts[turn] as string,
      attachments: [],
      suggestions: [],
      streaming: false,
      time,
      author: { name: "Ava" },
    };
  });
}

/** The agent message `id` as it stands after `chunks` of `fragments` have arrived; streaming until the last. */
export function streamedMessage(id: string, fragments: readonly string[], chunks: number, time: number): ChatMessage {
  return {
    id,
    role: "agent",
    text: fragments.slice(0, chunks).join(""),
    attachments: [],
    suggestions: [],
    streaming: chunks < fragments.length,
    time,
    author: { name: "Ava" },
  };
}

/**
 * `count` text fragments of a streamed answer, a few words each, with Markdown spread through them. Every
 * 50th fragment, and the last, ends with a list item `step <index>`, so a view can tell which chunk it shows.
 */
export function streamFragments(count: number): string[] {
  const words = ["The ", "**order** ", "left ", "our ", "warehouse ", "on ", "*Monday* ", "and ", "should ", "arrive ", "soon. "];
  return Array.from({ length: count }, (_, index) => {
    const fragment = `${words[index % words.length]}${words[(index + 3) % words.length]}`;
    return index % 50 === 49 || index === count - 1 ? `${fragment}\n\n- step ${index}\n` : fragment;
  });
}

/**
 * An agent message of exactly `length` characters using every Markdown construct the widget renders:
 * headings, paragraphs, bold, italics, inline code, links, bullet and numbered lists, quotes and fenced code.
 */
export function markdownDocument(length: number): string {
  const section = [
    "## Returning an item",
    "",
    "You can return **most items** within *30 days*. Start at [your orders](https://example.com/orders) and pick `Return`.",
    "",
    "- Pack the item in its **original box**",
    "- Print the label and attach it",
    "- Drop it at any *partner shop*",
    "",
    "1. We check the item",
    "2. We refund the original payment method",
    "",
    "> Items marked _final sale_ cannot be returned.",
    "",
    "```",
    "Reference: RMA-2026-0042",
    "```",
    "",
  ].join("\n");
  return section.repeat(Math.ceil(length / section.length)).slice(0, length);
}
