import { describe, expect, it } from "vitest";
import { SystemMessageText } from "../../../src/protocol/index.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { advanceStory, emptyStory, type ConversationStory } from "../../../src/widget/model/conversation-story.ts";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";

/** Plays snapshot changes in order from an empty conversation, as the model records them, one second apart. */
function play(...steps: Partial<ConversationSnapshot>[]): ConversationStory {
  let snapshot = createSnapshot();
  let story = emptyStory;
  steps.forEach((changes, second) => {
    const next = { ...snapshot, ...changes };
    story = advanceStory(story, snapshot, next, second * 1000);
    snapshot = next;
  });
  return story;
}

const summary = (story: ConversationStory) =>
  story.entries.map((entry) => [
    entry.kind,
    entry.kind === "handoff" ? entry.handoff.phase : entry.participant.name,
    entry.after,
    entry.time,
  ]);
const sam = { id: "sam", name: "Sam" };

describe("the conversation's story", () => {
  it("keeps one entry per handoff, where it started, through every phase up to its outcome", () => {
    const messages = [agentMessage("a1", "Let me connect you")];
    const story = play(
      { messages },
      { handoff: { phase: "triggered" } },
      { handoff: { phase: "accepted" } },
      { handoff: { phase: "queued", position: 2 } },
      { handoff: { phase: "timed-out" } },
    );
    expect(summary(story)).toEqual([["handoff", "timed-out", 1, 1000]]);
  });

  it("lets a person's arrival replace the entry of the handoff that brought them, and records their departure", () => {
    const story = play(
      { handoff: { phase: "queued", position: 1 } },
      { handoff: { phase: "live-agent", agent: sam }, liveAgent: sam },
      { messages: [agentMessage("l1", "Hi", { role: "live-agent", author: sam })] },
      { handoff: { phase: "live-agent-left" }, liveAgent: null },
    );
    expect(summary(story)).toEqual([
      ["joined", "Sam", 0, 1000],
      ["left", "Sam", 1, 3000],
    ]);
  });

  it("starts a second entry for a second handoff once the first has settled", () => {
    const story = play(
      { handoff: { phase: "triggered" } },
      { handoff: { phase: "failed" } },
      { handoff: { phase: "none" } },
      { handoff: { phase: "triggered" } },
    );
    expect(summary(story).map(([, phase]) => phase)).toEqual(["failed", "triggered"]);
    expect(new Set(story.entries.map((entry) => entry.id)).size).toBe(2);
  });

  it("does not repeat a join when the same person's details arrive again", () => {
    const story = play({ liveAgent: sam }, { liveAgent: { ...sam } });
    expect(summary(story)).toEqual([["joined", "Sam", 0, 0]]);
  });

  it("hides the server's 'could not connect' notice only while a failed handoff says the same", () => {
    const notice = (id: string) => ({
      id,
      level: "warning" as const,
      code: "handoff-connect-failed" as const,
      text: SystemMessageText.HandoffConnectFailed,
      time: 0,
    });
    const before = play({ notices: [notice("n0")] });
    expect([...before.hiddenNotices]).toEqual([]);
    const after = play({ handoff: { phase: "failed" } }, { notices: [notice("n1")] });
    expect([...after.hiddenNotices]).toEqual(["n1"]);
  });

  it("returns the same story for a step that adds nothing", () => {
    const snapshot = createSnapshot();
    const story = play({ handoff: { phase: "triggered" } });
    expect(advanceStory(story, snapshot, { ...snapshot, typing: { kind: "agent" } }, 5)).toBe(story);
  });
});
