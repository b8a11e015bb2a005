import { heldServers, holdServers } from "./server-handle.ts";

/** Closes the servers the global setup started. */
export default async function globalTeardown(): Promise<void> {
  await Promise.all(heldServers().map((server) => server.close()));
  holdServers([]);
}
