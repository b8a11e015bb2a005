import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";

/** The environment variable through which the global setup hands the default server's URL to the tests. */
export const SERVER_URL_VARIABLE = "CAP_CHAT_E2E_SERVER_URL";

/** The same for the server that runs every platform variant the client must tolerate at once. */
export const VARIANTS_SERVER_URL_VARIABLE = "CAP_CHAT_E2E_VARIANTS_SERVER_URL";

const serverKey = Symbol.for("cap-chat.e2e.servers");

/** Keeps the in-process servers between the global setup and teardown (same process, separate modules). */
export function holdServers(servers: readonly ReferenceServer[]): void {
  (globalThis as Record<symbol, unknown>)[serverKey] = servers;
}

/** The servers the global setup started. */
export function heldServers(): readonly ReferenceServer[] {
  return ((globalThis as Record<symbol, unknown>)[serverKey] as readonly ReferenceServer[] | undefined) ?? [];
}
