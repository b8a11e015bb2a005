import { heldServer, holdServer } from "./server-handle.ts";

/** Closes the server the global setup started. */
export default async function globalTeardown(): Promise<void> {
  await heldServer()?.close();
  holdServer(undefined);
}
