import { describe, expect, it } from "vitest";
import { dayOf, formatTime } from "../../../src/widget/text/format.ts";

const time = Date.UTC(2024, 4, 6, 13, 5);

describe("formatTime", () => {
  it("shows hours and minutes in each locale's own style, asked again or not", () => {
    const english = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit" }).format(time);
    const french = new Intl.DateTimeFormat("fr", { hour: "numeric", minute: "2-digit" }).format(time);
    expect(english).not.toBe(french);
    for (let round = 0; round < 2; round++) {
      expect(formatTime(time, "en")).toBe(english);
      expect(formatTime(time, "fr")).toBe(french);
    }
  });

  it("keeps answering right past the number of times it remembers", () => {
    const format = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit" });
    for (let minute = 0; minute < 1200; minute++)
      expect(formatTime(time + minute * 60_000, "en")).toBe(format.format(time + minute * 60_000));
    expect(formatTime(time, "en")).toBe(format.format(time));
  });
});

describe("dayOf", () => {
  it("tells days apart at local midnight, whatever it was asked before", () => {
    const midnight = new Date(2026, 2, 29).getTime();
    const days = [midnight - 1, midnight, midnight + 1, midnight - 1, midnight + 86_400_000 * 2, midnight].map(dayOf);
    expect(days[0]).not.toBe(days[1]);
    expect(days[1]).toBe(days[2]);
    expect(days[3]).toBe(days[0]);
    expect(days[4]).not.toBe(days[1]);
    expect(days[5]).toBe(days[1]);
  });

  it("holds a whole local day, across a daylight saving change", () => {
    for (const [month, day] of [
      [2, 29],
      [9, 25],
      [2, 8],
      [10, 1],
    ] as const) {
      const start = new Date(2026, month, day).getTime();
      const next = new Date(2026, month, day + 1).getTime();
      expect(dayOf(start + 1)).toBe(dayOf(next - 1));
      expect(dayOf(next)).not.toBe(dayOf(next - 1));
    }
  });
});
