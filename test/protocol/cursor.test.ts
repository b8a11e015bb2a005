import { describe, expect, it } from "vitest";
import { formatCursor, parseCursor } from "../../src/protocol/cursor.ts";

describe("parseCursor", () => {
  it("reads a plain non-negative integer as the sequence after which to replay", () => {
    expect(parseCursor("12")).toBe(12);
    expect(parseCursor("0")).toBe(0);
  });

  it("reads the seq: prefix form as the same sequence", () => {
    expect(parseCursor("seq:12")).toBe(12);
  });

  it.each([
    ["a negative number", "-1"],
    ["letters", "abc"],
    ["a fraction", "1.5"],
    ["an empty string", ""],
    ["the bare prefix", "seq:"],
    ["a prefix with garbage", "seq:abc"],
    ["a negative prefixed number", "seq:-3"],
    ["surrounding spaces", " 12 "],
    ["an exponent", "1e3"],
    ["a hexadecimal literal", "0x10"],
    ["a number too large to be exact", "12345678901234567890"],
  ])("replays from 0 for %s", (_label, value) => {
    expect(parseCursor(value)).toBe(0);
  });

  it("replays from 0 when the cursor is absent", () => {
    expect(parseCursor(undefined)).toBe(0);
    expect(parseCursor(null)).toBe(0);
  });
});

describe("formatCursor", () => {
  it("writes the canonical plain integer form", () => {
    expect(formatCursor(12)).toBe("12");
    expect(formatCursor(0)).toBe("0");
  });

  it("never writes a negative or fractional cursor", () => {
    expect(formatCursor(-5)).toBe("0");
    expect(formatCursor(7.9)).toBe("7");
  });

  it("round-trips through parseCursor", () => {
    for (const sequence of [0, 1, 42, 131072]) expect(parseCursor(formatCursor(sequence))).toBe(sequence);
  });
});
