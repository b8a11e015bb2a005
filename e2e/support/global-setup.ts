import { resolve } from "node:path";
import { platformProfiles } from "../../demo/server/index.ts";
import { startDemo } from "../../demo/site/start-demo.ts";
import { holdServers, SERVER_URL_VARIABLE, VARIANTS_SERVER_URL_VARIABLE } from "./server-handle.ts";

const root = resolve(import.meta.dirname, "../..");

const demoOptions = {
  port: 0,
  chunkIntervalMilliseconds: 15,
  // Long enough that no test meets the idle expiry unless it asks for it.
  sessionIdleMilliseconds: 300_000,
  exposeFaultEndpoint: true,
  staticRoot: resolve(root, "demo/pages"),
  distRoot: resolve(root, "dist"),
};

/**
 * Starts the demo site (the reference server with the site's server companion mounted) twice, with fault
 * controls and fast agent pacing: once as the platform decides by default, and once with every variant a
 * real platform may choose switched on. Publishes both URLs.
 */
export default async function globalSetup(): Promise<void> {
  // Fast pacing keeps the suite short; streamed chunks stay far enough apart to be seen arriving.
  const server = await startDemo({ ...demoOptions, timeScale: 0.05 });
  // Slower, because the browser's clock is not scaled: a token announced to last 180 s then lasts 36 s.
  const variantsServer = await startDemo({ ...demoOptions, timeScale: 0.2, platform: platformProfiles["all-variants"] });
  holdServers([server, variantsServer]);
  process.env[SERVER_URL_VARIABLE] = server.url;
  process.env[VARIANTS_SERVER_URL_VARIABLE] = variantsServer.url;
}
