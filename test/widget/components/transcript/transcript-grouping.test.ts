import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { transcriptEntries } from "../../../../src/widget/components/transcript/transcript-entries.ts";
import { loadLocale } from "../../../../src/widget/locales/index.ts";
import { emptyStory } from "../../../../src/widget/model/conversation-story.ts";
import { agentMessage, createSnapshot, userMessage } from "../../support/fake-chat-client.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 0, 6, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

const at = (day: number, hour: number, minute: number) => new Date(2026, 0, day, hour, minute).getTime();
const ava = { name: "Ava" };

describe("grouping", () => {
  it("shows one author line per run of messages by the same author, and the time once per run without a long pause, under its last", () => {
    const messages = [
      agentMessage("a1", "One", { time: at(6, 9, 0), author: ava }),
      agentMessage("a2", "Two", { time: at(6, 9, 1), author: ava }),
      agentMessage("a3", "Three", { time: at(6, 9, 2), author: ava }),
      { ...userMessage("u1", "Mine"), time: at(6, 9, 3) },
      { ...userMessage("u2", "Also mine"), time: at(6, 9, 3) },
      agentMessage("a4", "Four", { time: at(6, 9, 4), author: ava }),
    ];
    const { root } = renderWidget({ open: true }, createSnapshot({ messages }));
    const rows = [...root.querySelectorAll("[data-message-id]")].map((row) => [
      row.getAttribute("data-message-id"),
      row.classList.contains("first"),
      row.querySelector(".author")?.textContent ?? null,
      row.querySelector("time") !== null,
    ]);
    expect(rows).toEqual([
      ["a1", true, "Ava", false],
      ["a2", false, null, false],
      ["a3", false, null, false],
      ["u1", true, null, false],
      ["u2", false, null, false],
      ["a4", true, "Ava", true],
    ]);
  });

  it("starts a new group after a pause, or when another agent writes", () => {
    const rows = transcriptEntries(
      [
        agentMessage("a1", "One", { time: at(6, 9, 0), author: ava }),
        agentMessage("a2", "After a pause", { time: at(6, 9, 20), author: ava }),
        agentMessage("l1", "I'm Sam", { time: at(6, 9, 21), role: "live-agent", author: { name: "Sam" } }),
      ],
      [],
      emptyStory,
      at(6, 10, 0),
    );
    expect(rows.map((row) => (row.kind === "message" ? [row.key, row.first, row.last] : row.kind))).toEqual([
      ["a1", true, true],
      // The live agent's answer comes a minute later: one time for both.
      ["a2", true, false],
      ["l1", true, true],
    ]);
  });

  it("breaks a group where a notice sits between two messages", () => {
    const rows = transcriptEntries(
      [agentMessage("a1", "One", { time: at(6, 9, 0) }), agentMessage("a2", "Two", { time: at(6, 9, 2) })],
      [{ id: "n1", level: "warning", code: "server-busy", text: "High load", time: at(6, 9, 1) }],
      emptyStory,
      at(6, 10, 0),
    );
    expect(rows.map((row) => (row.kind === "message" ? [row.key, row.first] : row.key))).toEqual([["a1", true], "notice n1", ["a2", true]]);
  });
});

describe("day separators", () => {
  it("mark where the conversation crosses midnight, in the locale's words", () => {
    const messages = [
      agentMessage("a1", "Late", { time: at(5, 23, 50), author: ava }),
      { ...userMessage("u1", "Still here"), time: at(5, 23, 58) },
      agentMessage("a2", "Early", { time: at(6, 0, 10), author: ava }),
    ];
    const { root } = renderWidget({ open: true }, createSnapshot({ messages }));
    const order = [...root.querySelectorAll(".block > *")].map((row) => row.getAttribute("data-message-id") ?? row.textContent);
    expect(order).toEqual(["Yesterday", "a1", "u1", "Today", "a2"]);
  });

  it("name older days by weekday and date, and say nothing for a conversation of today", async () => {
    // Locales other than English load on demand; have French ready before the widget asks for it.
    await loadLocale("fr");
    const { root, controller } = renderWidget(
      { open: true, locale: "fr" },
      createSnapshot({ messages: [agentMessage("a1", "Vieux", { time: at(2, 9, 0) })] }),
    );
    expect(root.querySelector(".day")?.textContent).toBe("Vendredi 2 janvier");
    controller.destroy();
    const today = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "New", { time: at(6, 9, 0) })] }));
    expect(today.root.querySelector(".day")).toBeNull();
  });
});

describe("the welcome", () => {
  it("opens an empty conversation with the avatar and the welcome text", () => {
    const { root } = renderWidget(
      {
        open: true,
        headerTitle: "Harbour help",
        welcomeText: "Ask us about moorings and tides.",
        avatarUrl: "https://cdn.example.com/harbour.png",
      },
      createSnapshot({ connection: { status: "connected" } }),
    );
    const welcome = root.querySelector("[part=welcome]")!;
    expect(welcome.closest("[role=log]")).not.toBeNull();
    expect(welcome.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example.com/harbour.png");
    // The header says the title; the welcome does not repeat it.
    expect([...welcome.querySelectorAll("p")].map((line) => line.textContent)).toEqual(["Ask us about moorings and tides."]);
  });

  it("shows the configured avatar before the agent's own, and the agent's when none is configured", () => {
    const agent = { name: "Ava", avatarUrl: "https://cdn.example.com/ava.png" };
    const configured = renderWidget({ open: true, avatarUrl: "https://cdn.example.com/brand.png" }, createSnapshot({ agent }));
    expect(configured.root.querySelector("[part=welcome] img")?.getAttribute("src")).toBe("https://cdn.example.com/brand.png");
    configured.controller.destroy();
    const own = renderWidget({ open: true }, createSnapshot({ agent }));
    expect(own.root.querySelector("[part=welcome] img")?.getAttribute("src")).toBe(agent.avatarUrl);
  });

  it("stays before the first message, with the greeting's suggestions under it", () => {
    const greeting = agentMessage("a1", "Hi!", { suggestions: ["Opening hours"] });
    const { root } = renderWidget({ open: true }, createSnapshot({ messages: [greeting] }));
    const entries = root.querySelector(".entries")!;
    expect(entries.firstElementChild?.getAttribute("part")).toBe("welcome");
    expect(entries.firstElementChild?.textContent).toBe("");
    expect(root.querySelector("[part=suggestion]")?.textContent).toBe("Opening hours");
  });

  it("follows live updates of its options", async () => {
    const { root, controller, settle } = renderWidget({ open: true });
    controller.update({ welcomeText: "We answer within minutes.", headerTitle: "Help" });
    await settle();
    expect(root.querySelector("[part=welcome]")?.textContent).toBe("We answer within minutes.");
  });
});
