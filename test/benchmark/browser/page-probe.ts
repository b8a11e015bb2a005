/**
 * The browser benchmark's instruments inside the page, injected before any of the page's scripts and
 * reached as `window.benchProbe`. They look only at what any embedded chat shows (elements named by
 * `part`, `data-message-id`, a `.bubble` holding a message's text) and at its WebSocket, so the floor and
 * cap-chat are measured by the same code. Built by the benchmark into an IIFE.
 *
 * - Every shadow root is recorded as it is attached, so queries and mutation observers reach inside.
 * - Every WebSocket is recorded; `runStream` and `runBurst` dispatch server frames on the newest open one
 *   as if the server had sent them, numbering them after the highest `sequence` the server sent.
 * - Times are `performance.now()` values: milliseconds since navigation started.
 */

type Root = Document | ShadowRoot;

/** Mutations seen between two animation frames, counted while a window is open. */
interface CommitWindow {
  commits: number;
  frames: number;
  maxCommitsPerFrame: number;
  longTasks: number;
}

const roots: Root[] = [document];
const rootObservers = new Set<{ observer: MutationObserver; options: MutationObserverInit }>();

const nativeAttachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function attachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
  const root = nativeAttachShadow.call(this, init);
  roots.push(root);
  for (const { observer, options } of rootObservers) observer.observe(root, options);
  return root;
};

/** Observes every root there is and every root attached later; returns the function that stops it. */
function observeRoots(callback: MutationCallback, options: MutationObserverInit): () => void {
  const entry = { observer: new MutationObserver(callback), options };
  rootObservers.add(entry);
  for (const root of roots) entry.observer.observe(root, options);
  return () => {
    rootObservers.delete(entry);
    entry.observer.disconnect();
  };
}

function queryAll(selector: string): Element[] {
  return roots.flatMap((root) => [...root.querySelectorAll(selector)].filter((element) => element.isConnected));
}

function query(selector: string): Element | undefined {
  return queryAll(selector)[0];
}

/** Calls `check` at the start of every animation frame until it returns true or `timeout` ms have passed. */
function untilFrame(check: () => boolean, timeout: number): Promise<number | null> {
  const deadline = performance.now() + timeout;
  return new Promise((resolve) => {
    const frame = () => {
      const now = performance.now();
      if (check()) resolve(now);
      else if (now > deadline) resolve(null);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const compact = (text: string) => text.replace(/\s+/g, "");
const bubbleOf = (messageId: string) => query(`[data-message-id="${CSS.escape(messageId)}"] .bubble`);

// Launcher: the first moment a connected element with part "launcher" exists.
let launcherAt: number | null = null;
const stopLauncherWatch = observeRoots(
  () => {
    if (launcherAt !== null || !query('[part~="launcher"]')) return;
    launcherAt = performance.now();
    stopLauncherWatch();
  },
  { childList: true, subtree: true },
);

// Sockets: the server's own frames set the sequence numbering of injected ones and the quiet time.
const sockets: WebSocket[] = [];
let injecting = false;
let highestSequence = 0;
let lastServerFrameAt = 0;

function readSequences(data: unknown): void {
  if (typeof data !== "string") return;
  try {
    const frame = JSON.parse(data) as { sequence?: unknown; payload?: { events?: { sequence?: unknown }[] } };
    for (const event of [frame, ...(frame.payload?.events ?? [])]) {
      if (typeof event.sequence === "number") highestSequence = Math.max(highestSequence, event.sequence);
    }
  } catch {
    // Not JSON: not a frame that numbers anything.
  }
}

const NativeWebSocket = WebSocket;
window.WebSocket = class RecordedWebSocket extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    sockets.push(this);
    this.addEventListener("message", (event) => {
      if (injecting) return;
      lastServerFrameAt = performance.now();
      readSequences(event.data);
    });
  }
};

function openSocket(): WebSocket {
  for (let index = sockets.length - 1; index >= 0; index--) {
    if (sockets[index]!.readyState === NativeWebSocket.OPEN) return sockets[index]!;
  }
  throw new Error("no open WebSocket to inject frames on");
}

function deliver(socket: WebSocket, frame: string): void {
  injecting = true;
  try {
    socket.dispatchEvent(new MessageEvent("message", { data: frame }));
  } finally {
    injecting = false;
  }
}

/** A stored server event as the platform frames it. */
function serverFrame(type: string, payload: Record<string, unknown>, id: string): string {
  highestSequence += 1;
  return JSON.stringify({ type, payload, id, sequence: highestSequence, timestamp: new Date().toISOString() });
}

let commitWindow: { figures: CommitWindow; stop: () => void } | undefined;
let clickTimes: Promise<{ clickedAt: number | null; panelAt: number | null; greetingAt: number | null }> | undefined;
let preparedStream: { messageId: string; frames: string[] } | undefined;

const probe = {
  /** When the launcher was first in the DOM, or null. */
  launcherAt: () => launcherAt,

  /** Elements inside the page's shadow roots. */
  shadowElements: () => roots.reduce((count, root) => (root === document ? count : count + root.querySelectorAll("*").length), 0),

  /** Resolves once the server has sent a frame and then none for `quiet` ms (or after `timeout` ms). */
  async serverQuiet(quiet: number, timeout: number): Promise<boolean> {
    const shown = await untilFrame(() => lastServerFrameAt > 0 && performance.now() - lastServerFrameAt >= quiet, timeout);
    return shown !== null;
  },

  /**
   * Times the next click: when it happened, the first frame showing a visible panel, and the first frame
   * showing an agent message whose text includes `greetingEnd` in that panel. `clickTimes` then resolves
   * with the three times (null for what did not happen within `timeout` ms of arming).
   */
  armClick(greetingEnd: string, timeout: number): void {
    let clickedAt: number | null = null;
    addEventListener("click", (event) => void (clickedAt ??= event.timeStamp), { capture: true, once: true });
    let panelAt: number | null = null;
    clickTimes = untilFrame(() => {
      if (clickedAt === null) return false;
      panelAt ??= query('[part~="panel"]')?.checkVisibility() ? performance.now() : null;
      // A greeting that arrived before the click counts as shown once the panel is.
      return panelAt !== null && queryAll('[part~="message-agent"]').some((message) => message.textContent?.includes(greetingEnd));
    }, timeout).then((greetingAt) => ({ clickedAt, panelAt, greetingAt }));
  },

  /** What `armClick` measured, once it is known. */
  clickTimes() {
    if (!clickTimes) throw new Error("no click is armed");
    return clickTimes;
  },

  /** Starts counting DOM commits (mutation batches) per animation frame, and long tasks. */
  openWindow(): void {
    const figures: CommitWindow = { commits: 0, frames: 0, maxCommitsPerFrame: 0, longTasks: 0 };
    let inFrame = 0;
    let running = true;
    const stopMutations = observeRoots(
      () => {
        figures.commits++;
        inFrame++;
      },
      { childList: true, subtree: true, characterData: true, attributes: true },
    );
    const frame = () => {
      if (!running) return;
      figures.frames++;
      figures.maxCommitsPerFrame = Math.max(figures.maxCommitsPerFrame, inFrame);
      inFrame = 0;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const longTasks = new PerformanceObserver((list) => void (figures.longTasks += list.getEntries().length));
    longTasks.observe({ type: "longtask" });
    commitWindow = {
      figures,
      stop: () => {
        running = false;
        figures.maxCommitsPerFrame = Math.max(figures.maxCommitsPerFrame, inFrame);
        stopMutations();
        figures.longTasks += longTasks.takeRecords().length;
        longTasks.disconnect();
      },
    };
  },

  /** Stops the window `openWindow` started and returns what it counted. */
  closeWindow(): CommitWindow {
    if (!commitWindow) throw new Error("no window is open");
    commitWindow.stop();
    const { figures } = commitWindow;
    commitWindow = undefined;
    return figures;
  },

  /** Builds the chunk frames of a streamed agent message ahead of `runStream`, so building costs nothing then. */
  prepareStream(messageId: string, fragments: string[]): void {
    const frames = fragments.map((text, index) =>
      serverFrame(
        "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK",
        {
          message_id: messageId,
          text,
          attachments: [],
          response_suggestions: [],
          chunk_index: index + 1,
          is_complete: index === fragments.length - 1,
        },
        `${messageId}-chunk-${index + 1}`,
      ),
    );
    preparedStream = { messageId, frames };
  },

  /**
   * Delivers the prepared chunks at `perSecond`, each in a task of its own as a socket delivers them
   * (catching up at once after a late timer), then waits for the first frame whose message text equals
   * `expected` (whitespace aside). Resolves with when the first and last chunks went out and when the
   * whole text was shown (null if not within `timeout` ms of the last chunk).
   */
  async runStream(perSecond: number, expected: string, timeout: number) {
    if (!preparedStream) throw new Error("no stream is prepared");
    const { messageId, frames } = preparedStream;
    preparedStream = undefined;
    const socket = openSocket();
    const interval = 1000 / perSecond;
    const channel = new MessageChannel();
    let sent = 0;
    let queued = 0;
    const startedAt = performance.now();
    let lastSentAt = startedAt;
    const finished = new Promise<void>((resolve) => {
      channel.port1.onmessage = () => {
        deliver(socket, frames[sent++]!);
        if (sent === frames.length) {
          lastSentAt = performance.now();
          resolve();
        }
      };
    });
    const tick = () => {
      const due = Math.min(frames.length, Math.floor((performance.now() - startedAt) / interval) + 1);
      for (; queued < due; queued++) channel.port2.postMessage(null);
      if (queued === frames.length) clearInterval(timer);
    };
    const timer = setInterval(tick, interval);
    tick();
    await finished;
    channel.port1.close();
    const wanted = compact(expected);
    const shownAt = await untilFrame(() => compact(bubbleOf(messageId)?.textContent ?? "") === wanted, timeout);
    return { startedAt, lastSentAt, shownAt };
  },

  /**
   * Delivers whole agent messages back to back, each in a task of its own, and resolves with when the
   * first went out and the first frame that shows the last one's text including `lastText` (null if not
   * within `timeout` ms).
   */
  async runBurst(messages: { id: string; text: string }[], lastText: string, timeout: number) {
    const socket = openSocket();
    const frames = messages.map(({ id, text }) =>
      serverFrame("EVENT_TYPE_SERVICE_AGENT_MESSAGE", { message_id: id, text, attachments: [], response_suggestions: [] }, `${id}-event`),
    );
    const lastId = messages[messages.length - 1]!.id;
    const channel = new MessageChannel();
    let sent = 0;
    channel.port1.onmessage = () => deliver(socket, frames[sent++]!);
    const startedAt = performance.now();
    for (let index = 0; index < frames.length; index++) channel.port2.postMessage(null);
    const shownAt = await untilFrame(() => !!bubbleOf(lastId)?.textContent?.includes(lastText), timeout);
    channel.port1.close();
    return { startedAt, shownAt };
  },

  /** The text a reader sees in a message's bubble (`innerText`, so blocks break lines). */
  messageText: (messageId: string) => (bubbleOf(messageId) as HTMLElement | undefined)?.innerText ?? null,
};

/** The probe's surface, as the benchmark calls it. */
export type BenchProbe = typeof probe;

(window as unknown as { benchProbe: BenchProbe }).benchProbe = probe;
