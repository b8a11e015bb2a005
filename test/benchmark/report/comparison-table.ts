/** One figure measured on several subjects, with the first subject's ratio to the last (the floor). */
export interface ComparisonRow {
  name: string;
  /** Display values, one per subject, in the table's subject order; "-" when not measured. */
  values: string[];
  /** The first value divided by the last, as "1.23×", or "-" when that means nothing. */
  ratio: string;
  unit: string;
  notes: string;
}

/** "first ÷ last" as a ratio for display: "-" when either is not a finite number or the floor is 0. */
export function formatRatio(value: number, floor: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(floor) || floor === 0) return "-";
  return `${(value / floor).toFixed(2)}×`;
}

/**
 * Formats rows as a plain-text table: the name, a column per subject and the ratio (numbers
 * right-aligned), then unit and notes; `markdown` makes it a Markdown table instead, for the README.
 */
export function formatComparisonTable(subjects: readonly string[], rows: readonly ComparisonRow[], markdown = false): string {
  const header = ["what", ...subjects, "ratio", "unit", "notes"];
  const cells = rows.map((row) => [row.name, ...row.values, row.ratio, row.unit, row.notes]);
  const numeric = (column: number) => column > 0 && column <= subjects.length + 1;
  if (markdown) {
    const align = header.map((_, column) => (numeric(column) ? "--:" : "---"));
    return [header, align, ...cells].map((line) => `| ${line.join(" | ")} |`).join("\n");
  }
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === line.length - 1 ? cell : numeric(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  const rule = "-".repeat(widths.reduce((total, width) => total + width + 2, 0));
  return [format(header), rule, ...cells.map(format)].join("\n");
}
