import { effect } from "@preact/signals";
import { describe, expect, it, vi } from "vitest";
import { onDemand } from "../../../src/widget/components/on-demand.ts";

describe("a module loaded on demand", () => {
  it("is null until it arrives, loaded once however often asked, and tells whoever read it", async () => {
    let arrive: (module: { name: string }) => void = () => {};
    const load = vi.fn(() => new Promise<{ name: string }>((resolve) => (arrive = resolve)));
    const file = onDemand(load);
    const seen: ({ name: string } | null)[] = [];
    const stop = effect(() => void seen.push(file()));
    expect(file()).toBeNull();
    arrive({ name: "ending" });
    await vi.waitUntil(() => file() !== null);
    expect(file()).toEqual({ name: "ending" });
    expect(seen).toEqual([null, { name: "ending" }]);
    expect(load).toHaveBeenCalledOnce();
    stop();
  });

  it("tries again at the next ask after a failure, which surfaces as the rejection it is", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ name: "ending" });
    const file = onDemand(load);
    expect(file()).toBeNull();
    await vi.waitUntil(() => rejections.length > 0);
    expect(rejections).toEqual([new Error("offline")]);
    expect(file()).toBeNull();
    await vi.waitUntil(() => file() !== null);
    expect(load).toHaveBeenCalledTimes(2);
    process.off("unhandledRejection", onRejection);
  });
});
