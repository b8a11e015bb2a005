/**
 * Main-thread time by kind from a Chromium trace, as DevTools' summary counts it: each event's self time
 * (its duration less that of the events nested in it) goes to scripting, to layout and style, or to
 * neither. Unlike the `ScriptDuration` of CDP's `Performance.getMetrics`, scripting includes microtasks,
 * where Preact renders.
 */

/** A trace event as Chromium writes it (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Milliseconds of main-thread self time by kind. */
export interface TraceTimes {
  scripting: number;
  layoutAndStyle: number;
}

/** The trace categories `summarizeTrace` needs. */
export const traceCategories = ["devtools.timeline", "v8.execute", "v8"];

const scripting = new Set([
  "EvaluateScript",
  "FunctionCall",
  "RunMicrotasks",
  "v8.run",
  "v8.callFunction",
  "v8.evaluateModule",
  "V8.Execute",
  "TimerFire",
  "FireAnimationFrame",
  "FireIdleCallback",
  "EventDispatch",
  "XHRReadyStateChange",
  "XHRLoad",
  "v8.compile",
  "v8.compileModule",
  "V8.CompileCode",
  "v8.produceCache",
  "MinorGC",
  "MajorGC",
  "V8.GCScavenger",
  "V8.GCIncrementalMarking",
  "V8.GCFinalizeMC",
  "V8.GC_MC_BACKGROUND_MARKING",
  "ResizeObserverCallback",
  "MutationObserverCallback",
]);
const layoutAndStyle = new Set(["Layout", "UpdateLayoutTree", "RecalculateStyles", "UpdateLayerTree"]);

/**
 * Sums self time by kind over the renderer main threads (`CrRendererMain`) of `events`. Complete events
 * (`X`) and begin/end pairs (`B`/`E`) nest by time on their thread.
 */
export function summarizeTrace(events: readonly TraceEvent[]): TraceTimes {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, { name: string; start: number; end: number }[]>();
  const open = new Map<string, { name: string; start: number }[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread)) continue;
    const spans = byThread.get(thread) ?? byThread.set(thread, []).get(thread)!;
    if (event.ph === "X") spans.push({ name: event.name, start: event.ts, end: event.ts + (event.dur ?? 0) });
    else if (event.ph === "B") (open.get(thread) ?? open.set(thread, []).get(thread)!).push({ name: event.name, start: event.ts });
    else if (event.ph === "E") {
      const begun = open.get(thread)?.pop();
      if (begun) spans.push({ ...begun, end: event.ts });
    }
  }
  const times: TraceTimes = { scripting: 0, layoutAndStyle: 0 };
  for (const spans of byThread.values()) {
    // Outer spans first: earlier start, and of two that start together the longer.
    spans.sort((left, right) => left.start - right.start || right.end - left.end);
    const stack: { name: string; end: number; self: number }[] = [];
    const close = (span: { name: string; self: number }) => {
      if (scripting.has(span.name)) times.scripting += span.self / 1000;
      else if (layoutAndStyle.has(span.name)) times.layoutAndStyle += span.self / 1000;
    };
    for (const span of spans) {
      while (stack.length > 0 && stack[stack.length - 1]!.end <= span.start) close(stack.pop()!);
      const duration = span.end - span.start;
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= duration;
      stack.push({ name: span.name, end: span.end, self: duration });
    }
    while (stack.length > 0) close(stack.pop()!);
  }
  return times;
}
