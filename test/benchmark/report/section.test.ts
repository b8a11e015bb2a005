import { afterEach, describe, expect, it, vi } from "vitest";
import { runSection } from "./section.ts";
import { figure } from "./table.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("runSection", () => {
  it("returns the section's rows when it finishes in time", async () => {
    const rows = [figure("send to echo", 0.5, "ms", "20 sends")];
    expect(await runSection({ name: "echo", timeoutMilliseconds: 1000, run: () => rows })).toEqual({ rows, failed: false });
  });

  it("turns a thrown error into one not-measured row carrying its message", async () => {
    const outcome = await runSection({
      name: "reconnect",
      timeoutMilliseconds: 1000,
      run: () => Promise.reject(new Error("socket refused")),
    });
    expect(outcome).toEqual({ rows: [{ name: "reconnect", value: "-", unit: "", notes: "not measured: socket refused" }], failed: true });
  });

  it("gives up on a section that outlives its time limit", async () => {
    vi.useFakeTimers();
    const outcome = runSection({ name: "greeting", timeoutMilliseconds: 500, run: () => new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(500);
    expect(await outcome).toEqual({
      rows: [{ name: "greeting", value: "-", unit: "", notes: "not measured: timed out after 500 ms" }],
      failed: true,
    });
  });
});
