type Format = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

const formats = new Map<string, Format>();

/**
 * The formatter of `key`, made by `create` the first time it is asked for. Building Intl formatters is
 * costly and every message shows a time, so each one is made once per locale.
 */
export function cached<Made extends Format>(key: string, create: () => Made): Made {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = create()));
  return format as Made;
}

/** Times formatted so far, by locale and time: a streaming message shows its time again every frame. */
const times = new Map<string, string>();
/** The most times kept; past it, the memory starts over. */
const keptTimes = 500;

/** A message time as hours and minutes in the locale's style. */
export function formatTime(time: number, locale: string): string {
  const key = `${locale} ${time}`;
  let text = times.get(key);
  if (text === undefined) {
    if (times.size >= keptTimes) times.clear();
    text = cached(locale, () => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" })).format(time);
    times.set(key, text);
  }
  return text;
}

/** The day `dayOf` read last, with the times it spans: the transcript asks for the same few days every frame. */
let lastDay = { day: 0, from: 0, to: 0 };

/** The local calendar day of a time, as a number that differs between any two days. */
export function dayOf(time: number): number {
  if (time >= lastDay.from && time < lastDay.to) return lastDay.day;
  const date = new Date(time);
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  lastDay = {
    day: year * 512 + month * 32 + day,
    from: new Date(year, month, day).getTime(),
    to: new Date(year, month, day + 1).getTime(),
  };
  return lastDay.day;
}

/**
 * The day of `time` for a day separator, in the locale's words: "Today", "Yesterday", else the weekday and
 * date, with the year only when it is not the current one.
 */
export function formatDay(time: number, locale: string, now = Date.now()): string {
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  const offset = dayOf(time) === dayOf(now) ? 0 : dayOf(time) === dayOf(yesterday.getTime()) ? -1 : null;
  const thisYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  const text =
    offset === null
      ? cached(
          `day ${thisYear} ${locale}`,
          () =>
            new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", ...(thisYear ? {} : { year: "numeric" }) }),
        ).format(time)
      : cached(`relative ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(offset, "day");
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
