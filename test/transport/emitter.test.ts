import { afterEach, describe, expect, it, vi } from "vitest";
import { createEmitter } from "../../src/transport/emitter.ts";

interface Events {
  greeting: string;
  count: number;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createEmitter", () => {
  it("calls each handler of a name in the order added, with the detail", () => {
    const emitter = createEmitter<Events>();
    const heard: string[] = [];
    emitter.on("greeting", (text) => heard.push(`first ${text}`));
    emitter.on("greeting", (text) => heard.push(`second ${text}`));
    emitter.on("count", (value) => heard.push(`count ${value}`));
    emitter.emit("greeting", "hi");
    expect(heard).toEqual(["first hi", "second hi"]);
  });

  it("registers a handler once per name, and removes it with off or the remover", () => {
    const emitter = createEmitter<Events>();
    const handler = vi.fn();
    const remove = emitter.on("count", handler);
    emitter.on("count", handler);
    emitter.emit("count", 1);
    remove();
    emitter.emit("count", 2);
    emitter.on("count", handler);
    emitter.off("count", handler);
    emitter.emit("count", 3);
    expect(handler.mock.calls).toEqual([[1]]);
  });

  it("leaves out a handler added while it emits, and clears every handler", () => {
    const emitter = createEmitter<Events>();
    const late = vi.fn();
    emitter.on("count", () => emitter.on("count", late));
    emitter.emit("count", 1);
    expect(late).not.toHaveBeenCalled();
    emitter.clear();
    emitter.emit("count", 2);
    expect(late).not.toHaveBeenCalled();
  });

  it("keeps calling the others when a handler throws, and surfaces its error as an unhandled rejection", async () => {
    const emitter = createEmitter<Events>();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const after = vi.fn();
      emitter.on("greeting", () => {
        throw new Error("handler failed");
      });
      emitter.on("greeting", after);
      emitter.emit("greeting", "hi");
      expect(after).toHaveBeenCalledWith("hi");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(rejections).toEqual([new Error("handler failed")]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
