/**
 * The `window.CapChat(command, ...args)` protocol of the script tag, independent of the DOM: a page may
 * call it before the script has loaded (the standard stub pushes each call's arguments onto
 * `CapChat.q`), and the script replays those calls in order once it runs.
 */

/** The commands that act on the mounted widget, which a widget not mounted yet runs once it is. */
export const WIDGET_ACTIONS = ["open", "close", "toggle", "send", "end", "reset", "prompt"] as const;

/** The commands `window.CapChat` accepts. */
export const COMMAND_NAMES = [
  "boot",
  ...WIDGET_ACTIONS,
  "on",
  "off",
  "destroy",
  "setContext",
] as const satisfies readonly (keyof CommandTarget)[];

export type CommandName = (typeof COMMAND_NAMES)[number];

/** A listener given to `CapChat('on', name, listener)`; it receives the event's detail. */
export type CommandListener = (detail: unknown) => void;

/** What the commands act on. */
export interface CommandTarget {
  /** Without options, mounts with the tag's own. */
  boot(options?: Record<string, unknown>): void;
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  end(): void;
  reset(): void;
  prompt(text: string): void;
  /** Returns the function that removes the listener. */
  on(event: string, listener: CommandListener): () => void;
  off(event: string, listener: CommandListener): void;
  destroy(): void;
  /** Replaces the context the conversation carries (a JSON object, or null to remove it). */
  setContext(context: unknown): void;
}

/** The global function; `q` exists only on the stub, before the script has loaded. */
export interface CapChatFunction {
  (command: string, ...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
  /**
   * The version of the script that defined the function (`"0.1.0"`); none on the stub. A script that finds it
   * set mounts nothing, so loading the script twice mounts one widget.
   */
  version?: string;
}

/**
 * Creates the `CapChat` function over `target`, whose own function properties are the commands
 * ({@link COMMAND_NAMES}). Each call runs the named command with its arguments and
 * returns what the command returns (`on` returns the remover). A name that is not a command, or
 * arguments of the wrong type, are reported through `warn` (once per distinct message) and the call is
 * ignored: a mistyped command on a page must never throw into the page's own code.
 */
export function createCommandFunction(target: CommandTarget, warn: (message: string) => void): CapChatFunction {
  const warned = new Set<string>();
  return (command: string, ...args: unknown[]): unknown => {
    const [first, second] = args;
    // The target's own functions are the commands: the function carries no list of their names.
    const known = typeof command === "string" && Object.hasOwn(target, command) && typeof target[command as CommandName] === "function";
    const wrongArguments =
      command === "boot"
        ? first !== undefined && !isPlainObject(first)
        : command === "send" || command === "prompt"
          ? typeof first !== "string"
          : (command === "on" || command === "off") && (typeof first !== "string" || typeof second !== "function");
    const problem = !known ? `unknown command "${String(command)}"` : wrongArguments ? `wrong arguments for "${command}"` : "";
    if (!problem) return (target[command as CommandName] as (...values: unknown[]) => unknown)(...args);
    const message = `CapChat: ${problem}`;
    if (!warned.has(message)) warn(message);
    warned.add(message);
    return undefined;
  };
}

/**
 * Runs every call the stub queued, in order. `queue` is the stub's `q` (a list of `arguments` objects);
 * anything that is not such a list is ignored. Returns how many calls were replayed.
 */
export function replayQueue(queue: unknown, run: CapChatFunction): number {
  if (!Array.isArray(queue)) return 0;
  const calls = queue.filter((entry) => typeof entry?.length === "number" && typeof entry === "object");
  for (const call of calls) run(...(Array.from(call) as [string, ...unknown[]]));
  return calls.length;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
