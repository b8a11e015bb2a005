import { createChatProxy, createConsoleLogger, type ChatProxy } from "../../src/server/index.ts";
import { startReferenceServer } from "../server/index.ts";
import type { ReferenceServer, ReferenceServerOptions } from "../server/reference-server-types.ts";

/** Where the demo site mounts its server companion, on the same origin as its pages. */
export const companionPrefix = "/cap-chat";

/**
 * Starts the demo as a real site would run it: the reference platform serves the pages, and the site's
 * own server companion is mounted beside them at `/cap-chat`. The companion holds the Chat API secrets
 * and the connector token, so the demo pages carry neither: they use `chatUrl: "/cap-chat/chat"` and
 * `tokenUrl: "/cap-chat/access-token"`.
 */
export async function startDemo(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  let companion: ChatProxy | undefined;
  const server = await startReferenceServer({
    ...options,
    mounts: [
      ...(options.mounts ?? []),
      // The companion needs the server's own URL, known only once it listens; no request comes before.
      { prefix: companionPrefix, handler: (request) => companion!(request) },
    ],
  });
  companion = createDemoCompanion(server);
  return server;
}

/** The companion of the demo site, configured against the reference platform it runs beside. */
function createDemoCompanion(server: ReferenceServer): ChatProxy {
  const { credentials } = server;
  const pageOrigins = new Set([server.url, server.url.replace("127.0.0.1", "localhost")]);
  return createChatProxy({
    prefix: companionPrefix,
    allowedOrigins: (origin) => pageOrigins.has(origin),
    // A fresh secret each start: the demo's visitors need not outlive the process.
    signingSecret: randomSecret(),
    chat: { url: credentials.chat.baseUrl, apiKey: credentials.chat.apiKey, token: credentials.chat.token },
    messaging: { url: server.url, connectorToken: credentials.demoConnectorToken, host: credentials.demoHosts[0] ?? "127.0.0.1" },
    // The reference server is the edge: it names the client in X-Forwarded-For, one hop away.
    trustProxy: 1,
    // Generous for a demo that the end-to-end suite drives from one address, with a new visitor many times a minute.
    rateLimit: {
      visitor: { requests: 1200, windowSeconds: 60 },
      address: { requests: 1200, windowSeconds: 60 },
      create: { requests: 1200, windowSeconds: 60 },
      accessToken: { requests: 1200, windowSeconds: 60 },
    },
    logger: createConsoleLogger("warn"),
  });
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
