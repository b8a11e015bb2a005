import { randomUUID } from "node:crypto";
import { EventType } from "../../../src/protocol/index.ts";
import type { AgentMessage } from "./agent-message.ts";
import type { AgentPort } from "./agent-port.ts";

/**
 * Splits text into word-ish fragments of a few words each; joined back together they are exactly the
 * original text.
 */
export function splitIntoFragments(text: string, wordsPerFragment = 2): string[] {
  const words = text.split(/(?<=\s)(?=\S)/);
  const fragments: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerFragment) {
    fragments.push(words.slice(index, index + wordsPerFragment).join(""));
  }
  return fragments.filter((fragment) => fragment !== "");
}

/**
 * Schedules a service agent message on the timeline, `delay` after the previous step: one
 * `SERVICE_AGENT_MESSAGE` without streaming, or a chunk series `chunkInterval` apart with streaming.
 * Attachments and suggestions go on the last chunk; when there are any, the last chunk has empty text,
 * otherwise it carries the last fragment. A stream the platform cuts stops after half its chunks (at least
 * one, never the completing one), and its session says why.
 */
export function deliverServiceAgentMessage(port: AgentPort, message: AgentMessage, delay = 0): void {
  const messageId = randomUUID();
  const suggestions = message.suggestions.map((text) => ({ message_text: text }));
  if (!port.streaming) {
    port.timeline.after(delay, () =>
      port.store(EventType.ServiceAgentMessage, {
        message_id: messageId,
        text: message.text,
        attachments: message.attachments,
        response_suggestions: suggestions,
      }),
    );
    return;
  }
  const fragments = splitIntoFragments(message.text);
  const hasExtras = message.attachments.length > 0 || suggestions.length > 0;
  if (hasExtras || fragments.length === 0) fragments.push("");
  if (port.takesStreamCut()) {
    fragments.slice(0, Math.max(1, Math.floor(fragments.length / 2))).forEach((fragment, index) => {
      port.timeline.after(index === 0 ? delay : port.timings.chunkInterval, () =>
        port.store(EventType.ServiceAgentMessageChunk, {
          message_id: messageId,
          text: fragment,
          attachments: [],
          response_suggestions: [],
          chunk_index: index + 1,
          is_complete: false,
        }),
      );
    });
    port.timeline.after(port.timings.chunkInterval, () => port.cutStream(messageId));
    return;
  }
  fragments.forEach((fragment, index) => {
    const last = index === fragments.length - 1;
    port.timeline.after(index === 0 ? delay : port.timings.chunkInterval, () =>
      port.store(EventType.ServiceAgentMessageChunk, {
        message_id: messageId,
        text: fragment,
        attachments: last ? message.attachments : [],
        response_suggestions: last ? suggestions : [],
        chunk_index: index + 1,
        is_complete: last,
      }),
    );
  });
}

/** Schedules `SERVICE_AGENT_THINKING` now and the message after the thinking pause. */
export function thinkThenReply(port: AgentPort, message: AgentMessage): void {
  port.timeline.after(0, () => port.transient(EventType.ServiceAgentThinking, {}));
  deliverServiceAgentMessage(port, message, port.timings.thinking);
}
