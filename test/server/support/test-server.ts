import { startReferenceServer } from "../../../demo/server/index.ts";
import type { ReferenceServer, ReferenceServerOptions } from "../../../demo/server/reference-server-types.ts";

/** Default options of the conformance suite: a free loopback port and every server timer 100 times faster. */
export const testServerOptions: ReferenceServerOptions = { port: 0, host: "127.0.0.1", timeScale: 0.01 };

/** Starts a fresh in-process reference server for one test file; the caller closes it in `afterAll`. */
export async function startTestServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  return startReferenceServer({ ...testServerOptions, ...options });
}

/** The WebSocket URL of the server with the given query parameters (absent values are left out). */
export function socketUrl(server: ReferenceServer, query: Record<string, string | undefined>): string {
  const url = new URL("/ws", server.url.replace(/^http/, "ws"));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
