import { describe, expect, it } from "vitest";
import { summarizeTrace, type TraceEvent } from "./trace-summary.ts";

const main = { pid: 1, tid: 7 };
const span = (name: string, ts: number, dur: number, thread = main): TraceEvent => ({ name, ph: "X", ts, dur, ...thread });

describe("summarizeTrace", () => {
  it("counts self time on the renderer main thread: script without the layout nested in it, microtasks included", () => {
    const events: TraceEvent[] = [
      { name: "thread_name", ph: "M", ts: 0, ...main, args: { name: "CrRendererMain" } },
      { name: "thread_name", ph: "M", ts: 0, pid: 1, tid: 8, args: { name: "Compositor" } },
      span("ThreadControllerImpl::RunTask", 0, 100_000),
      span("FunctionCall", 10_000, 50_000),
      span("Layout", 20_000, 10_000),
      span("RunMicrotasks", 70_000, 20_000),
      span("UpdateLayoutTree", 75_000, 5_000),
      { name: "EvaluateScript", ph: "B", ts: 100_000, ...main },
      { name: "EvaluateScript", ph: "E", ts: 150_000, ...main },
      span("FunctionCall", 0, 500_000, { pid: 1, tid: 8 }),
    ];
    expect(summarizeTrace(events)).toEqual({ scripting: 40 + 15 + 50, layoutAndStyle: 15 });
  });

  it("counts nothing without a renderer main thread", () => {
    expect(summarizeTrace([span("FunctionCall", 0, 1000)])).toEqual({ scripting: 0, layoutAndStyle: 0 });
  });
});
