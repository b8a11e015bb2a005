/** Summaries of repeated timings. */

/** The middle value (the mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The smallest value; NaN for no values. */
export function minimum(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

/** The largest value; NaN for no values. */
export function maximum(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/** The nearest-rank percentile (`fraction` in (0, 1]); NaN for no values. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] as number;
}
