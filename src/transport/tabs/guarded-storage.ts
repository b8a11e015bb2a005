import type { KeyValueStorage } from "../environment.ts";

/** `storage` as it is, except that a write asked while `allowed()` is false is dropped (removals still go). */
export function writesWhile(storage: KeyValueStorage, allowed: () => boolean): KeyValueStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => void (allowed() && storage.setItem(key, value)),
    removeItem: (key) => storage.removeItem(key),
  };
}
