import { resolve } from "node:path";
import { startDemo } from "../demo/site/start-demo.ts";
import { holdServer, SERVER_URL_VARIABLE } from "./server-handle.ts";

const root = resolve(import.meta.dirname, "..");

/**
 * Starts the demo site (the reference server with the site's server companion mounted) with fault controls
 * and fast agent pacing, and publishes its URL.
 */
export default async function globalSetup(): Promise<void> {
  const server = await startDemo({
    port: 0,
    // Fast pacing keeps the suite short; streamed chunks stay far enough apart to be seen arriving.
    timeScale: 0.05,
    chunkIntervalMilliseconds: 15,
    // Long enough that no test meets the idle expiry unless it asks for it.
    sessionIdleMilliseconds: 300_000,
    exposeFaultEndpoint: true,
    staticRoot: resolve(root, "demo/pages"),
    distRoot: resolve(root, "dist"),
  });
  holdServer(server);
  process.env[SERVER_URL_VARIABLE] = server.url;
}
