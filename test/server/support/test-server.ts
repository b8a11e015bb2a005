import { afterAll, afterEach, beforeAll } from "vitest";
import { startReferenceServer } from "../../../demo/server/index.ts";
import type { ReferenceServer, ReferenceServerOptions } from "../../../demo/server/reference-server-types.ts";
import { closeAllSockets } from "./test-socket.ts";

/** Default options of the conformance suite: a free loopback port and every server timer 100 times faster. */
export const testServerOptions: ReferenceServerOptions = { port: 0, host: "127.0.0.1", timeScale: 0.01 };

/** Starts a fresh in-process reference server for one test file; the caller closes it in `afterAll`. */
export async function startTestServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  return startReferenceServer({ ...testServerOptions, ...options });
}

/**
 * Registers the suite's usual hooks for one test file: a fresh server (handed to `receive`) before the
 * first test, its faults turned off and every test socket closed after each test, and the server closed
 * after the last.
 */
export function useTestServer(receive: (server: ReferenceServer) => void, options: ReferenceServerOptions = {}): void {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    receive(server);
  });
  afterEach(async () => {
    server?.faults.reset();
    await closeAllSockets();
  });
  afterAll(async () => {
    await server?.close();
  });
}

/** The WebSocket URL of the server with the given query parameters (absent values are left out). */
export function socketUrl(server: ReferenceServer, query: Record<string, string | undefined>): string {
  const url = new URL("/ws", server.url.replace(/^http/, "ws"));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
