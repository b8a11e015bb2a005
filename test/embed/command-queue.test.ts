import { describe, expect, it, vi } from "vitest";
import { createCommandFunction, replayQueue, type CommandTarget } from "../../src/embed/command-queue.ts";

function recordingTarget() {
  const calls: unknown[][] = [];
  const remover = vi.fn();
  const target: CommandTarget = {
    boot: (options) => void calls.push(["boot", options]),
    open: () => void calls.push(["open"]),
    close: () => void calls.push(["close"]),
    toggle: () => void calls.push(["toggle"]),
    send: (text) => void calls.push(["send", text]),
    end: () => void calls.push(["end"]),
    reset: () => void calls.push(["reset"]),
    prompt: (text) => void calls.push(["prompt", text]),
    on: (event, listener) => {
      calls.push(["on", event, listener]);
      return remover;
    },
    off: (event, listener) => void calls.push(["off", event, listener]),
    destroy: () => void calls.push(["destroy"]),
    setContext: (context) => void calls.push(["setContext", context]),
  };
  return { target, calls, remover };
}

/** What the standard one-line stub does before the script loads. */
function standardStub() {
  const stub = function () {
    // The stub pushes the `arguments` object itself, not an array.
    (stub.q = stub.q ?? []).push(arguments);
  } as unknown as { (...args: unknown[]): void; q?: ArrayLike<unknown>[] };
  return stub;
}

describe("createCommandFunction", () => {
  it("runs each command on the target with its arguments", () => {
    const { target, calls } = recordingTarget();
    const capChat = createCommandFunction(target, () => {});
    const listener = () => {};
    capChat("boot", { headerTitle: "Help" });
    capChat("open");
    capChat("close");
    capChat("toggle");
    capChat("send", "hello");
    capChat("end");
    capChat("prompt", "Questions about pricing?");
    capChat("on", "cap-chat:message", listener);
    capChat("off", "cap-chat:message", listener);
    capChat("destroy");
    expect(calls).toEqual([
      ["boot", { headerTitle: "Help" }],
      ["open"],
      ["close"],
      ["toggle"],
      ["send", "hello"],
      ["end"],
      ["prompt", "Questions about pricing?"],
      ["on", "cap-chat:message", listener],
      ["off", "cap-chat:message", listener],
      ["destroy"],
    ]);
  });

  it("boots with the tag's options alone when none are given", () => {
    const { target, calls } = recordingTarget();
    createCommandFunction(target, () => {})("boot");
    // The session mounts with the tag's options alone.
    expect(calls).toEqual([["boot", undefined]]);
  });

  it("returns the remover from on", () => {
    const { target, remover } = recordingTarget();
    expect(createCommandFunction(target, () => {})("on", "open", () => {})).toBe(remover);
  });

  it("warns once about an unknown command and never throws", () => {
    const { target, calls } = recordingTarget();
    const warn = vi.fn();
    const capChat = createCommandFunction(target, warn);
    expect(() => capChat("shutdown")).not.toThrow();
    capChat("shutdown");
    capChat("update");
    expect(calls).toEqual([]);
    expect(warn.mock.calls).toEqual([['CapChat: unknown command "shutdown"'], ['CapChat: unknown command "update"']]);
  });

  it("does not take inherited object keys for commands", () => {
    const { target } = recordingTarget();
    const warn = vi.fn();
    createCommandFunction(target, warn)("toString");
    expect(warn).toHaveBeenCalledWith('CapChat: unknown command "toString"');
  });

  it.each([
    ["send", [42]],
    ["prompt", [{ text: "hi" }]],
    ["boot", ["options"]],
    ["on", ["message"]],
    ["off", [() => {}, "message"]],
  ])("ignores %s with arguments of the wrong type, with a warning", (command, args) => {
    const { target, calls } = recordingTarget();
    const warn = vi.fn();
    createCommandFunction(target, warn)(command, ...args);
    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("replayQueue", () => {
  it("replays the calls the standard stub queued, in order", () => {
    const stub = standardStub();
    stub("boot", { messagingUrl: "https://us-1.example.com" });
    stub("open");
    stub("send", "first");
    stub("send", "second");
    const { target, calls } = recordingTarget();
    const replayed = replayQueue(
      stub.q,
      createCommandFunction(target, () => {}),
    );
    expect(replayed).toBe(4);
    expect(calls).toEqual([["boot", { messagingUrl: "https://us-1.example.com" }], ["open"], ["send", "first"], ["send", "second"]]);
  });

  it("replays nothing when there is no queue", () => {
    const { target, calls } = recordingTarget();
    expect(
      replayQueue(
        undefined,
        createCommandFunction(target, () => {}),
      ),
    ).toBe(0);
    expect(
      replayQueue(
        { length: 1 },
        createCommandFunction(target, () => {}),
      ),
    ).toBe(0);
    expect(calls).toEqual([]);
  });

  it("skips entries that are not argument lists and replays the rest", () => {
    const { target, calls } = recordingTarget();
    const replayed = replayQueue(
      [null, "open", ["open"], 7, ["send", "hi"]],
      createCommandFunction(target, () => {}),
    );
    expect(replayed).toBe(2);
    expect(calls).toEqual([["open"], ["send", "hi"]]);
  });

  it("keeps replaying after an unknown queued command", () => {
    const { target, calls } = recordingTarget();
    const warn = vi.fn();
    replayQueue([["bogus"], ["open"]], createCommandFunction(target, warn));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([["open"]]);
  });
});
