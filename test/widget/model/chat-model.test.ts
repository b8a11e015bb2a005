import { effect } from "@preact/signals";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../src/widget/locales/index.ts";
import { createChatModel } from "../../../src/widget/model/chat-model.ts";
import { agentMessage, createSnapshot, FakeChatClient, userMessage } from "../support/fake-chat-client.ts";

/** A frame, by the frame scheduler's timer: tests run under fake timers, where animation frames never come. */
const nextFrame = () => vi.advanceTimersByTime(300);

function attachedModel(open = false) {
  const client = new FakeChatClient();
  const model = createChatModel(client, {
    open,
    mode: "floating",
    locale: en,
    title: undefined,
    emit: () => {},
  });
  model.attach(client);
  const announcements: string[] = [];
  const previews: (string | undefined)[] = [];
  const stop = [
    effect(() => void announcements.push(model.announcement.value.text)),
    effect(() => void previews.push(model.preview.value?.id)),
  ];
  announcements.length = previews.length = 0;
  return { client, model, announcements, previews, dispose: () => stop.forEach((end) => end()) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("announcements and the preview", () => {
  it("change once per frame, with every agent message finished since the last one, in order", () => {
    const { client, announcements, previews, dispose } = attachedModel();
    client.set({ messages: [agentMessage("a1", "First **answer**")] });
    client.set({
      messages: [
        agentMessage("a1", "First **answer**"),
        agentMessage("a2", "Second, by [Max](https://example.com)", { author: { name: "Max" } }),
      ],
    });
    expect(announcements).toEqual([]);
    nextFrame();
    expect(announcements).toEqual(["Ava: First answer\nMax: Second, by Max"]);
    expect(previews).toEqual(["a2"]);
    dispose();
  });

  it("arrive in the same frame as the snapshot that shows the message", () => {
    const { client, model, dispose } = attachedModel();
    const seen: [number, string][] = [];
    const stop = effect(() => void seen.push([model.messages.value.length, model.announcement.value.text]));
    client.set({ messages: [agentMessage("a1", "Done")] });
    nextFrame();
    expect(seen).toEqual([
      [0, ""],
      [1, "Ava: Done"],
    ]);
    stop();
    dispose();
  });

  it("announce a message whose text repeats the one before as an announcement of its own", () => {
    const { client, model, dispose } = attachedModel();
    const ids: number[] = [];
    for (const id of ["a1", "a2", "a3"]) {
      client.emit("message", agentMessage(id, "Same answer"));
      nextFrame();
      ids.push(model.announcement.value.id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(model.announcement.value.text).toBe("Ava: Same answer");
    dispose();
  });

  it("leave out streaming agent messages and the user's own", () => {
    const { client, announcements, previews, dispose } = attachedModel();
    client.set({ messages: [userMessage("u1", "Hello"), agentMessage("a1", "Hel", { streaming: true })] });
    nextFrame();
    expect(announcements).toEqual([]);
    client.set({ messages: [userMessage("u1", "Hello"), agentMessage("a1", "Hello there")] });
    nextFrame();
    expect(announcements).toEqual(["Ava: Hello there"]);
    expect(previews).toEqual(["a1"]);
    dispose();
  });

  it("preview nothing that finished while open, or before an open in the same frame", () => {
    const { client, model, previews, dispose } = attachedModel();
    client.set({ messages: [agentMessage("a1", "One")] });
    model.setOpen(true);
    nextFrame();
    client.set({ messages: [agentMessage("a1", "One"), agentMessage("a2", "Two")] });
    nextFrame();
    expect(previews).toEqual([]);
    expect(model.preview.value).toBeNull();
    dispose();
  });

  it("still come for what the previous client finished when another client is attached before the frame", () => {
    const { client, model, announcements, dispose } = attachedModel();
    client.set({ messages: [agentMessage("a1", "Last words")] });
    model.attach(new FakeChatClient(createSnapshot()));
    expect(announcements).toEqual(["Ava: Last words"]);
    nextFrame();
    expect(announcements).toEqual(["Ava: Last words"]);
    dispose();
  });
});

describe("the messages of the transcript", () => {
  it("stay as they were while only the streaming message's text grows, which textOf reads", () => {
    const { client, model, dispose } = attachedModel(true);
    const user = userMessage("u1", "Hello");
    const stream = agentMessage("a1", "Hel", { streaming: true });
    client.set({ messages: [user, stream] });
    nextFrame();
    const shown = model.messages.value;
    const layouts: unknown[] = [];
    const texts: string[] = [];
    const stop = [effect(() => void layouts.push(model.messages.value)), effect(() => void texts.push(model.textOf(shown[1]!)))];
    for (const text of ["Hello", "Hello the", "Hello there"]) {
      client.set({ messages: [user, { ...stream, text }] });
      nextFrame();
    }
    expect(layouts).toEqual([shown]);
    expect(texts).toEqual(["Hel", "Hello", "Hello the", "Hello there"]);
    expect(model.textOf(user)).toBe("Hello");
    stop.forEach((end) => end());
    dispose();
  });

  it("change with anything else: the stream finishing, its attachments, another message", () => {
    const { client, model, dispose } = attachedModel(true);
    const stream = agentMessage("a1", "Hel", { streaming: true });
    client.set({ messages: [stream] });
    nextFrame();
    const steps = [
      [{ ...stream, text: "Hello", suggestions: ["Yes"] }],
      [{ ...stream, text: "Hello", suggestions: ["Yes"] }, agentMessage("a2", "Other", { streaming: true })],
      [{ ...stream, text: "Hello there", streaming: false }],
    ];
    for (const messages of steps) {
      client.set({ messages });
      nextFrame();
      expect(model.messages.value).toBe(client.getSnapshot().messages);
      expect(model.textOf(model.messages.value[0]!)).toBe(messages[0]!.text);
    }
    dispose();
  });
});

describe("whether the conversation takes messages", () => {
  it("before the client starts (a message starts it) and when its session expired while left alone, not once it failed or ended", () => {
    const client = new FakeChatClient(createSnapshot({ connection: { status: "idle" } as never }));
    const model = createChatModel(client, {
      open: true,
      mode: "floating",
      locale: en,
      title: undefined,
      emit: () => {},
    });
    model.attach(client);
    const active: boolean[] = [];
    for (const status of ["idle", "connecting", "connected", "idle", "reconnecting", "failed"] as const) {
      client.set({
        connection: (status === "failed" ? { status, error: { kind: "network", code: "network-failure" } } : { status }) as never,
      });
      nextFrame();
      active.push(model.active.value);
    }
    client.set({ connection: { status: "idle" } as never, ended: { reason: "REASON_USER_END" } });
    nextFrame();
    active.push(model.active.value);
    expect(active).toEqual([true, true, true, true, true, false, false]);
    model.dispose();
  });
});
