import type { ReferenceServer } from "../demo/server/reference-server-types.ts";

/** The environment variable through which the global setup hands the server's URL to the tests. */
export const SERVER_URL_VARIABLE = "CAP_CHAT_E2E_SERVER_URL";

const serverKey = Symbol.for("cap-chat.e2e.server");

/** Keeps the in-process server between the global setup and teardown (same process, separate modules). */
export function holdServer(server: ReferenceServer | undefined): void {
  (globalThis as Record<symbol, unknown>)[serverKey] = server;
}

/** The server the global setup started, if any. */
export function heldServer(): ReferenceServer | undefined {
  return (globalThis as Record<symbol, unknown>)[serverKey] as ReferenceServer | undefined;
}
