import { sessionIdleExpiryMilliseconds } from "../../protocol/index.ts";
import type { PersistedSession } from "../delivery/session-persistence.ts";
import type { KeyValueStorage } from "../environment.ts";

/**
 * Whether the conversation shared under `key` can be resumed at load: its session `record` exists and was
 * active within the platform's idle expiry, and the transcript kept beside it does not say it ended. One
 * that cannot shows its finished messages under `earlier`, and nothing contacts the platform until the
 * visitor engages.
 */
export function isResumable(record: PersistedSession | null, storage: KeyValueStorage, key: string, now: number): boolean {
  if (!record || now - record.lastActivityAt > sessionIdleExpiryMilliseconds) return false;
  try {
    return (JSON.parse(storage.getItem(`${key}:transcript`) ?? "{}") as { ended?: unknown }).ended !== true;
  } catch {
    return true;
  }
}
