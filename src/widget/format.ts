const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

// Building Intl formatters is costly and every message shows a time, so each one is made once per locale.
function cached(key: string, create: () => Intl.DateTimeFormat | Intl.NumberFormat): Intl.DateTimeFormat | Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = create()));
  return format;
}

/** A message time as hours and minutes in the locale's style. */
export function formatTime(time: number, locale: string): string {
  return cached(locale, () => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" })).format(time);
}

/** A waiting time in whole seconds, minutes or hours ("about" is left to the sentence), e.g. "3 minutes". */
export function formatDuration(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 60 ? [Math.max(1, Math.round(seconds)), "second"] : seconds < 5400 ? [Math.round(seconds / 60), "minute"] : [Math.round(seconds / 3600), "hour"];
  return cached(unit + locale, () => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" })).format(value);
}
