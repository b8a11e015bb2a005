/** Severity of a log entry. */
export type LogLevel = "info" | "warn" | "error";

/**
 * One thing the companion did or refused. Entries carry routes, statuses, error codes and timings; never
 * a header, a cookie, a body, a conversation id, a visitor id, a client address or a token.
 */
export interface ChatProxyLogEntry {
  level: LogLevel;
  /** What happened: `request`, `origin-refused`, `rate-limited`, `conversation-refused`, `upstream-failed`, … */
  event: string;
  /** One plain sentence. */
  message: string;
  route?: string;
  method?: string;
  status?: number;
  upstreamStatus?: number;
  errorCode?: string;
  origin?: string;
  durationMilliseconds?: number;
}

/** Receives every entry; the default writes one JSON line per entry to the console. */
export type ChatProxyLogger = (entry: ChatProxyLogEntry) => void;

const levelRank: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };

/**
 * A logger writing one JSON line per entry at or above `level` (default `info`): `info` to
 * `console.log`, `warn` and `error` to `console.warn` and `console.error`. `silent` writes nothing.
 */
export function createConsoleLogger(level: LogLevel | "silent" = "info"): ChatProxyLogger {
  return (entry) => {
    if (level === "silent" || levelRank[entry.level] < levelRank[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), ...entry });
    if (entry.level === "error") console.error(line);
    else if (entry.level === "warn") console.warn(line);
    else console.log(line);
  };
}

/**
 * Wraps a logger so that no configured secret and nothing shaped like an access token reaches it, even
 * inside text the platform sent back. The entries are built without secrets in the first place; this is
 * the second line of defence. A logger that throws is ignored: logging never fails a request.
 */
export function redactingLogger(logger: ChatProxyLogger, redact: (text: string) => string): ChatProxyLogger {
  return (entry) => {
    const clean = Object.fromEntries(
      Object.entries(entry).map(([name, value]) => [name, typeof value === "string" ? redact(value) : value]),
    ) as unknown as ChatProxyLogEntry;
    try {
      logger(clean);
    } catch {
      // A broken logger must not turn a served request into a failed one.
    }
  };
}
