import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SystemMessageText } from "../../../../src/protocol/index.ts";
import type { HandoffPhase } from "../../../../src/transport/conversation.ts";
import { agentMessage, createSnapshot } from "../../support/fake-chat-client.ts";
import { loadExtrasFile } from "../../support/extras-file.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeAll(loadExtrasFile);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 5, 9, 0));
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

const storyTexts = (root: ShadowRoot) => [...root.querySelectorAll("[part=handoff]")].map((row) => row.textContent);
const headerLine = (root: ShadowRoot) => root.querySelector("[part=header] p")?.textContent;
const ava = { name: "Cap Demo Assistant" };
const ada = { id: "ada", name: "Ada (Support)", avatarUrl: "https://cdn.example.com/ada.png" };

describe("the handoff, told inline in the transcript", () => {
  const phases: [HandoffPhase, string][] = [
    [{ phase: "triggered" }, "Connecting you to our team…"],
    [{ phase: "accepted", queueName: "billing" }, "Connecting you to our team…"],
    [
      { phase: "queued", position: 2, estimatedWaitSeconds: 170 },
      "Connecting you to our team… You are number 2 in the queue (about 3 minutes).",
    ],
    [
      { phase: "queued", position: 1, estimatedWaitSeconds: 40 },
      "Connecting you to our team… You are number 1 in the queue (about 40 seconds).",
    ],
    [{ phase: "queued" }, "Connecting you to our team… You are in the queue."],
    [
      { phase: "client-handoff-required", reason: "POLICY", queueName: "support" },
      "Our policy asks for a member of our team to help with this. No one from our team can join this chat.",
    ],
    [{ phase: "client-handoff-required", reason: "SOMETHING_NEW", queueName: "support" }, "No one from our team can join this chat."],
    [{ phase: "failed" }, "Sorry, we could not connect you to a member of our team. You can keep chatting here."],
    [{ phase: "timed-out" }, "No one was available in time. You can keep chatting here."],
  ];

  it.each(phases)("describes phase %o as a polite status row inside the log", async (handoff, text) => {
    const { root, update } = renderWidget({ open: true });
    expect(root.querySelector("[part=handoff]")).toBeNull();
    await update({ handoff });
    expect(storyTexts(root)).toEqual([text]);
    const row = root.querySelector("[part=handoff]")!;
    expect(row.getAttribute("role")).toBe("status");
    expect(row.closest("[role=log]")).not.toBeNull();
  });

  it("updates the queue in place, in one row after the message that came before it", async () => {
    const messages = [agentMessage("a1", "Let me connect you.", { author: ava })];
    const { root, update } = renderWidget({ open: true }, createSnapshot({ agent: ava, messages }));
    await update({ handoff: { phase: "triggered" } });
    const row = root.querySelector("[part=handoff]");
    await update({ handoff: { phase: "accepted" } });
    await update({ handoff: { phase: "queued", position: 3 } });
    await update({ handoff: { phase: "queued", position: 2, estimatedWaitSeconds: 170 } });
    expect(storyTexts(root)).toEqual(["Connecting you to our team… You are number 2 in the queue (about 3 minutes)."]);
    expect(root.querySelector("[part=handoff]")).toBe(row);
    expect(row?.previousElementSibling?.getAttribute("data-message-id")).toBe("a1");
  });

  it("tells who joined and who left as rows of their own, and the header follows who is there", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ agent: ava }));
    expect(headerLine(root)).toBe("Cap Demo Assistant · Online");
    await update({ handoff: { phase: "queued", position: 1 } });
    // The platform's agent left for the handoff: nobody is with the visitor while they wait.
    expect(headerLine(root)).toBe("Online");
    await update({ handoff: { phase: "live-agent", agent: ada }, liveAgent: ada });
    expect(storyTexts(root)).toEqual(["Ada (Support) joined the conversation"]);
    expect(root.querySelector("[part=handoff] img")?.getAttribute("src")).toBe(ada.avatarUrl);
    expect(root.querySelector("[part=header] img")?.getAttribute("src")).toBe(ada.avatarUrl);
    expect(headerLine(root)).toBe("Ada (Support) · Online");
    const live = agentMessage("l1", "Hi, I'm Ada.", { role: "live-agent", author: ada });
    await update({ messages: [live] });
    await update({ handoff: { phase: "live-agent-left" }, liveAgent: null });
    expect(storyTexts(root)).toEqual(["Ada (Support) joined the conversation", "Ada (Support) left the conversation"]);
    expect(root.querySelectorAll(".block > [part=handoff]")[1]?.previousElementSibling?.getAttribute("data-message-id")).toBe("l1");
    expect(headerLine(root)).toBe("Online");
    await update({ ended: { reason: "REASON_NATURAL_END" }, connection: { status: "ended" } });
    expect(headerLine(root)).toBe("Conversation ended");
  });

  it("never pins a join above the transcript: the only rows outside the log are the connection's", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ agent: ava }));
    await update({ handoff: { phase: "live-agent", agent: ada }, liveAgent: ada });
    const panel = root.querySelector("[part=panel]")!;
    expect([...panel.children].map((child) => child.getAttribute("part") ?? child.className)).toEqual([
      "header",
      "body",
      "composer",
      "hidden",
    ]);
  });

  it("shows a handoff failure once, folding in the server's own 'could not connect' notice", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ agent: ava }));
    await update({ handoff: { phase: "triggered" } });
    await update({ handoff: { phase: "failed", reason: "NO_AGENTS_AVAILABLE" } });
    const notice = {
      id: "n1",
      level: "warning" as const,
      code: "handoff-connect-failed" as const,
      text: SystemMessageText.HandoffConnectFailed,
      time: Date.now(),
    };
    await update({ notices: [notice] });
    const said = root.querySelector("[role=log]")!.textContent!;
    expect(storyTexts(root)).toEqual(["Sorry, we could not connect you to a member of our team. You can keep chatting here."]);
    expect(said).not.toContain("could not connect you to an agent");
    expect(root.querySelectorAll("[part=notice]")).toHaveLength(0);
    expect(root.querySelectorAll("[role=alert]")).toHaveLength(0);
  });

  it("still shows that notice when no handoff failure told the same", async () => {
    const { root, update } = renderWidget({ open: true });
    await update({
      notices: [
        { id: "n1", level: "warning", code: "handoff-connect-failed", text: SystemMessageText.HandoffConnectFailed, time: Date.now() },
      ],
    });
    expect(root.querySelector("[part=notice]")?.textContent).toBe("We could not connect you to a member of our team.");
  });

  it("starts the story over with a new conversation", async () => {
    const { root, update } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "Hello")] }));
    await update({ handoff: { phase: "timed-out" } });
    await update({ messages: [], handoff: { phase: "none" } });
    expect(storyTexts(root)).toEqual([]);
  });
});

describe("the site's answer to a handoff it must route", () => {
  const handoff = { phase: "client-handoff-required", reason: "COMPLEX_QUERY", queueName: "phone-callback" } as const;

  it("shows the site's words and link where the handoff is told, in place of the no-answer sentence", async () => {
    const { root, update, controller, settle } = renderWidget({ open: true });
    controller.on("cap-chat:handoff-required", (detail) =>
      detail.respond({ text: `Call us about ${detail.queueName}.`, url: "tel:+15550100", label: "Call +1 555 0100" }),
    );
    await update({ handoff });
    await settle();
    const row = root.querySelector("[part=handoff]")!;
    expect(row.textContent).toBe("Call us about phone-callback.Call +1 555 0100");
    const link = row.querySelector("a")!;
    expect([link.getAttribute("href"), link.getAttribute("target")]).toEqual(["tel:+15550100", null]);
    expect(root.textContent).not.toMatch(/connecting you/i);
  });

  it("opens a web address in a new tab, names it after itself without a label, and refuses other schemes", async () => {
    const { root, update, controller, settle } = renderWidget({ open: true });
    const answers = [
      { text: "See our hours.", url: "/support" },
      { text: "Not a link.", url: "javascript:alert(1)" },
    ];
    controller.on("cap-chat:handoff-required", (detail) => detail.respond(answers.shift()!));
    await update({ handoff });
    await settle();
    const link = root.querySelector("[part=handoff] a")!;
    const address = new URL("/support", document.baseURI).href;
    expect([link.getAttribute("href"), link.getAttribute("target"), link.textContent]).toEqual([
      address,
      "_blank",
      address.replace(/^\w+:\/\//, ""),
    ]);
    await update({ handoff: { ...handoff } });
    await settle();
    // A second handoff is a row of its own, answered without a link.
    expect(storyTexts(root).at(-1)).toBe("Not a link.");
    expect(root.querySelectorAll("[part=handoff]")[1]?.querySelector("a")).toBeNull();
  });

  it("takes an answer given later, but not one for a client the widget no longer follows", async () => {
    const { root, update, controller, settle } = renderWidget({ open: true });
    const responders: ((answer: { text: string }) => void)[] = [];
    controller.on("cap-chat:handoff-required", (detail) => responders.push(detail.respond));
    await update({ handoff });
    await settle();
    expect(storyTexts(root)).toEqual(["Your question needs a member of our team. No one from our team can join this chat."]);
    responders[0]!({ text: "Our team will call you back within the hour." });
    await settle();
    expect(storyTexts(root)).toEqual(["Our team will call you back within the hour."]);
  });
});
