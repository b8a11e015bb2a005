import type { Environment, KeyValueStorage } from "../environment.ts";

/** A lease not renewed for this long is free for another tab to take. */
export const leaseMilliseconds = 3000;
/** How often the tab holding the lease renews it, and a waiting tab looks at it. */
export const leaseRenewMilliseconds = 1000;
/** A claimed lease is held once it still names the tab this much later (another tab may have claimed it too). */
export const leaseConfirmMilliseconds = 150;

interface Lease {
  tab: string;
  until: number;
}

/**
 * Elects the one tab of the browser that holds the connection of the conversation `name`: the Web Lock
 * `name` where the browser has Web Locks (granted at once to the first tab, then to the next waiting one the
 * moment the holder closes), else a lease under the key `name` in shared storage, renewed every second and
 * free three seconds after its holder stopped renewing it (closed or frozen). `changed(true)` says this tab
 * holds it; `changed(false)` that a frozen holder found its lease taken on waking. Without either, the tab is
 * alone and holds at once. Returns the function that steps down (removing this tab's lease).
 */
export function electTab(environment: Environment, name: string, tab: string, changed: (holding: boolean) => void): () => void {
  const locks = environment.locks;
  if (locks) {
    let stopped = false;
    let release = () => {};
    // A request still waiting when this tab steps down is released the moment it is granted.
    locks.request(name, () => (stopped ? undefined : new Promise<void>((resolve) => ((release = resolve), changed(true))))).catch(() => {});
    return () => {
      stopped = true;
      release();
    };
  }
  const storage = environment.sharedStorage;
  if (!storage) {
    changed(true);
    return () => {};
  }
  return leaseElection(environment, storage, name, tab, changed);
}

function leaseElection(
  environment: Environment,
  storage: KeyValueStorage,
  key: string,
  tab: string,
  changed: (holding: boolean) => void,
): () => void {
  let holding = false;
  let stopped = false;
  let timer: unknown;
  const read = (): Lease | null => {
    try {
      const lease = JSON.parse(storage.getItem(key) ?? "null") as Lease | null;
      return typeof lease?.tab === "string" && typeof lease.until === "number" ? lease : null;
    } catch {
      return null;
    }
  };
  const claim = () => {
    try {
      storage.setItem(key, JSON.stringify({ tab, until: environment.now() + leaseMilliseconds }));
    } catch {
      // A storage that refuses writes leaves the lease to whoever can write it.
    }
  };
  const later = (step: () => void, milliseconds: number) => {
    if (!stopped) timer = environment.setTimeout(step, milliseconds);
  };
  const look = () => {
    const lease = read();
    if (holding) {
      // A holder that was frozen past its lease may find another tab holding it: that tab goes on.
      if (lease && lease.tab !== tab && lease.until > environment.now()) {
        holding = false;
        changed(false);
      } else claim();
      return later(look, leaseRenewMilliseconds);
    }
    if (lease && lease.tab !== tab && lease.until > environment.now()) return later(look, leaseRenewMilliseconds);
    claim();
    later(confirm, leaseConfirmMilliseconds);
  };
  const confirm = () => {
    if (read()?.tab !== tab) return later(look, leaseRenewMilliseconds);
    holding = true;
    claim();
    changed(true);
    later(look, leaseRenewMilliseconds);
  };
  look();
  return () => {
    stopped = true;
    environment.clearTimeout(timer);
    try {
      if (read()?.tab === tab) storage.removeItem(key);
    } catch {
      // Nothing to undo: the lease runs out by itself.
    }
  };
}
