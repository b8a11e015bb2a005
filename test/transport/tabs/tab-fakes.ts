import type { TabChannel } from "../../../src/transport/environment.ts";

/** The channels of one browser: what a tab posts reaches every other open channel of the name, a task later. */
export class FakeChannels {
  private readonly open = new Set<{ name: string; listener: (message: unknown) => void }>();

  readonly openChannel = (name: string): TabChannel => {
    const end = { name, listener: (_message: unknown) => {} };
    this.open.add(end);
    return {
      post: (message) => {
        const copy = structuredClone(message);
        for (const other of this.open)
          if (other !== end && other.name === name) setTimeout(() => this.open.has(other) && other.listener(structuredClone(copy)), 0);
      },
      listen: (listener) => void (end.listener = listener),
      close: () => void this.open.delete(end),
    };
  };
}

/** Web Locks of one browser: each name is granted to one requester at a time, in the order asked. */
export class FakeLocks {
  private readonly queues = new Map<string, { granted: () => void }[]>();

  readonly requestLock = (name: string, granted: () => void): (() => void) => {
    const queue = this.queues.get(name) ?? [];
    this.queues.set(name, queue);
    const request = { granted };
    queue.push(request);
    if (queue.length === 1) setTimeout(granted, 0);
    return () => {
      const index = queue.indexOf(request);
      if (index < 0) return;
      queue.splice(index, 1);
      if (index === 0 && queue[0]) setTimeout(queue[0].granted, 0);
    };
  };
}
