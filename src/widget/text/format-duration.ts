import { cached } from "./format.ts";

/** A waiting time in whole seconds, minutes or hours ("about" is left to the sentence), e.g. "3 minutes". */
export function formatDuration(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.round(seconds)), "second"]
      : seconds < 5400
        ? [Math.round(seconds / 60), "minute"]
        : [Math.round(seconds / 3600), "hour"];
  return cached(unit + locale, () => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" })).format(value);
}
