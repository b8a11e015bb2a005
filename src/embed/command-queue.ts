/**
 * The `window.CapChat(command, ...args)` protocol of the script tag, independent of the DOM: a page may
 * call it before the script has loaded (the standard stub pushes each call's arguments onto
 * `CapChat.q`), and the script replays those calls in order once it runs.
 */

/** The commands of design.md §2. */
export const COMMAND_NAMES = ["boot", "open", "close", "toggle", "send", "end", "on", "off", "destroy"] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

/** A listener given to `CapChat('on', name, listener)`; it receives the event's detail. */
export type CommandListener = (detail: unknown) => void;

/** What the commands act on. */
export interface CommandTarget {
  boot(options: Record<string, unknown>): void;
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  end(): void;
  /** Returns the function that removes the listener. */
  on(event: string, listener: CommandListener): () => void;
  off(event: string, listener: CommandListener): void;
  destroy(): void;
}

/** The global function; `q` exists only on the stub, before the script has loaded. */
export interface CapChatFunction {
  (command: string, ...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
  /** True on the function the script defines, so loading the script twice mounts one widget. */
  loaded?: boolean;
}

/**
 * Creates the `CapChat` function over `target`. Each call runs the named command with its arguments and
 * returns what the command returns (`on` returns the remover). A name that is not a command, or
 * arguments of the wrong type, are reported through `warn` (once per distinct message) and the call is
 * ignored: a mistyped command on a page must never throw into the page's own code.
 */
export function createCommandFunction(target: CommandTarget, warn: (message: string) => void): CapChatFunction {
  const warned = new Set<string>();
  const warnOnce = (message: string): undefined => {
    if (!warned.has(message)) {
      warned.add(message);
      warn(message);
    }
    return undefined;
  };
  return (command: string, ...args: unknown[]): unknown => {
    if (!isCommandName(command)) return warnOnce(`CapChat: unknown command "${String(command)}"`);
    const [first, second] = args;
    switch (command) {
      case "boot":
        if (first !== undefined && !isPlainObject(first)) return warnOnce('CapChat: "boot" expects an options object');
        return target.boot(first ?? {});
      case "send":
        if (typeof first !== "string") return warnOnce('CapChat: "send" expects the message text');
        return target.send(first);
      case "on":
      case "off":
        if (typeof first !== "string" || typeof second !== "function") {
          return warnOnce(`CapChat: "${command}" expects an event name and a function`);
        }
        return command === "on" ? target.on(first, second as CommandListener) : target.off(first, second as CommandListener);
      default:
        return target[command]();
    }
  };
}

/**
 * Runs every call the stub queued, in order. `queue` is the stub's `q` (a list of `arguments` objects);
 * anything that is not such a list is ignored. Returns how many calls were replayed.
 */
export function replayQueue(queue: unknown, run: CapChatFunction): number {
  if (!Array.isArray(queue)) return 0;
  let replayed = 0;
  for (const entry of queue) {
    if (entry === null || typeof entry !== "object" || typeof (entry as ArrayLike<unknown>).length !== "number") continue;
    const [command, ...args] = Array.from(entry as ArrayLike<unknown>);
    run(command as string, ...args);
    replayed += 1;
  }
  return replayed;
}

function isCommandName(value: unknown): value is CommandName {
  return typeof value === "string" && (COMMAND_NAMES as readonly string[]).includes(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
