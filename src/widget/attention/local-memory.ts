/**
 * What the attention features keep in the browser (`localStorage`), shared by its tabs: nothing of the
 * conversation's content, only the visitor's answer to the offer of notifications and the ids of the last
 * replies alerted for; `reset` removes both. Where storage is refused (privacy modes, sandboxed frames),
 * nothing is kept.
 */

/** Where the browser keeps the visitor's answer to the offer of notifications (`notify: "system"`): `on` or `off`. */
export const notificationAnswerKey = "cap-chat:notifications";

/** The value kept under `key`, or null. */
export function recall(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Where the browser keeps the ids of the last replies a tab alerted for, so that a tab which learns of one
 * later (woken from the background, say) does not alert again.
 */
export const alertedKey = "cap-chat:alerted";

/** Keeps `value` under `key`, where storage is allowed; null removes the key. */
export function remember(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept: the offer comes again, or a tab that learns of a reply late may alert again.
  }
}
