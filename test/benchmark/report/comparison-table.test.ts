import { describe, expect, it } from "vitest";
import { formatComparisonTable, formatRatio } from "./comparison-table.ts";

describe("formatRatio", () => {
  it("divides the subject by the floor, to two decimals", () => {
    expect(formatRatio(125, 100)).toBe("1.25×");
  });

  it("shows a dash where a ratio means nothing: a zero floor or a missing figure", () => {
    expect([formatRatio(3, 0), formatRatio(Number.NaN, 1), formatRatio(1, Number.NaN)]).toEqual(["-", "-", "-"]);
  });
});

describe("formatComparisonTable", () => {
  const rows = [
    { name: "heap", values: ["1.29", "0.78"], ratio: "1.65×", unit: "MiB", notes: "after GC" },
    { name: "requests before engagement", values: ["3", "0"], ratio: "-", unit: "", notes: "" },
  ];

  it("lines up a column per subject and the ratio, right-aligned", () => {
    expect(formatComparisonTable(["cap-chat", "floor"], rows).split("\n")).toEqual([
      "what                        cap-chat  floor  ratio  unit  notes",
      "-".repeat(26 + 2 + 8 + 2 + 5 + 2 + 5 + 2 + 4 + 2 + 8 + 2),
      "heap                            1.29   0.78  1.65×  MiB   after GC",
      "requests before engagement         3      0      -",
    ]);
  });

  it("writes a Markdown table for the README", () => {
    expect(formatComparisonTable(["cap-chat", "floor"], rows, true).split("\n")).toEqual([
      "| what | cap-chat | floor | ratio | unit | notes |",
      "| --- | --: | --: | --: | --- | --- |",
      "| heap | 1.29 | 0.78 | 1.65× | MiB | after GC |",
      "| requests before engagement | 3 | 0 | - |  |  |",
    ]);
  });
});
