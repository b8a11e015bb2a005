import type { TabChannel, TabLocks } from "../../../src/transport/environment.ts";

/** The channels of one browser: what a tab posts reaches every other open channel of the name, a task later. */
export class FakeChannels {
  private readonly open = new Set<{ name: string; channel: TabChannel }>();
  /** Messages this returns true for are lost on their way (a tab that closes before they are delivered). */
  lose: (message: unknown) => boolean = () => false;
  /** How long a message takes to reach the other tabs: a busy tab may hear it after a lock is granted. */
  delay = 0;

  readonly openChannel = (name: string): TabChannel => {
    const channel: TabChannel = {
      onmessage: null,
      postMessage: (message) => {
        if (this.lose(message)) return;
        const copy = structuredClone(message);
        for (const other of this.open)
          if (other.channel !== channel && other.name === name)
            setTimeout(() => this.open.has(other) && other.channel.onmessage?.({ data: structuredClone(copy) }), this.delay);
      },
      close: () => {
        for (const end of this.open) if (end.channel === channel) this.open.delete(end);
      },
    };
    this.open.add({ name, channel });
    return channel;
  };
}

/** Web Locks of one browser: each name is granted to one requester at a time, in the order asked. */
export class FakeLocks implements TabLocks {
  private readonly queues = new Map<string, (() => void)[]>();

  request(name: string, granted: () => Promise<void> | undefined): Promise<unknown> {
    const queue = this.queues.get(name) ?? [];
    this.queues.set(name, queue);
    return new Promise((resolve) => {
      const grant = () => {
        const held = granted();
        void Promise.resolve(held).then(() => {
          queue.shift();
          if (queue[0]) setTimeout(queue[0], 0);
          resolve(undefined);
        });
      };
      queue.push(grant);
      if (queue.length === 1) setTimeout(grant, 0);
    });
  }
}
