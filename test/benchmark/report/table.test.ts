import { describe, expect, it } from "vitest";
import { figure, formatTable, notMeasured } from "./table.ts";

describe("figure", () => {
  it("rounds the value to the digits asked for", () => {
    expect(figure("send to echo", 1.23456, "ms", "20 sends", 2)).toEqual({
      name: "send to echo",
      value: "1.23",
      unit: "ms",
      notes: "20 sends",
    });
  });

  it("shows a value that is not a finite number as a dash", () => {
    expect(figure("reconnect", Number.NaN, "ms", "no runs").value).toBe("-");
  });
});

describe("notMeasured", () => {
  it("says why in the notes and shows no value", () => {
    expect(notMeasured("reconnect", "timed out")).toEqual({ name: "reconnect", value: "-", unit: "", notes: "not measured: timed out" });
  });
});

describe("formatTable", () => {
  it("puts a header and a rule above the rows, with names padded and values right-aligned", () => {
    const table = formatTable([figure("a", 1, "ms", "first", 1), figure("longer name", 123.4, "KiB", "second", 1)]);
    expect(table.split("\n")).toEqual([
      "name         value  unit  notes",
      "-".repeat(11 + 5 + 4 + 6 + 6),
      "a              1.0  ms    first",
      "longer name  123.4  KiB   second",
    ]);
  });
});
