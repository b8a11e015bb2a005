/** One line of the benchmark's output. */
export interface BenchRow {
  name: string;
  /** The figure, already rounded for display; "-" when it could not be measured. */
  value: string;
  unit: string;
  /** How it was measured: run count, conditions, or why it is missing. */
  notes: string;
}

/** A row for a figure, rounded to `digits` decimals. */
export function figure(name: string, value: number, unit: string, notes: string, digits = 2): BenchRow {
  return { name, value: Number.isFinite(value) ? value.toFixed(digits) : "-", unit, notes };
}

/** A row for something that was not measured, saying why. */
export function notMeasured(name: string, reason: string): BenchRow {
  return { name, value: "-", unit: "", notes: `not measured: ${reason}` };
}

/** Formats rows as a plain-text table with a header and padded columns (numbers right-aligned). */
export function formatTable(rows: readonly BenchRow[]): string {
  const header: BenchRow = { name: "name", value: "value", unit: "unit", notes: "notes" };
  const all = [header, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((row) => row[key].length));
  const widths = { name: width("name"), value: width("value"), unit: width("unit") };
  const line = (row: BenchRow) =>
    [row.name.padEnd(widths.name), row.value.padStart(widths.value), row.unit.padEnd(widths.unit), row.notes].join("  ").trimEnd();
  const rule = "-".repeat(widths.name + widths.value + widths.unit + 6 + Math.max(...all.map((row) => row.notes.length)));
  return [line(header), rule, ...rows.map(line)].join("\n");
}
