import { describe, expect, it } from "vitest";
import { formatTime } from "../../src/widget/format.ts";

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
