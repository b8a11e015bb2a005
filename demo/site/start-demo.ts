import { createChatProxy, createConsoleLogger, type ChatProxy } from "../../src/server/index.ts";
import { startReferenceServer } from "../server/index.ts";
import type { ReferenceServer, ReferenceServerOptions } from "../server/reference-server-types.ts";
import { bookingPrefix, createBookingWorkflow } from "./booking-workflow.ts";
import { createFeedbackLog, feedbackLogPath, type FeedbackLog } from "./feedback-log.ts";

/** Where the demo site mounts its server companion, on the same origin as its pages. */
export const companionPrefix = "/cap-chat";

/**
 * Starts the demo as a real site would run it: the reference platform serves the pages, and the site's
 * own server companion is mounted beside them at `/cap-chat`. The companion holds the Chat API secrets,
 * the connector token and the keys of Outbound Calling and DNI, so the demo pages carry none: they name
 * `companionUrl: "/cap-chat"`. The site's booking backend, at `/demo-site`, sends the bookings made on
 * its booking page to the External Events API. The companion hands the visitors' feedback to the site,
 * which keeps it in memory and, with the fault controls exposed, answers it at `/demo-site/feedback`.
 */
export async function startDemo(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  let companion: ChatProxy | undefined;
  let bookings: ((request: Request) => Promise<Response>) | undefined;
  const feedbackLog = createFeedbackLog();
  const showsFeedback = options.exposeFaultEndpoint ?? false;
  const server = await startReferenceServer({
    ...options,
    mounts: [
      ...(options.mounts ?? []),
      // Both need the server's own URL, known only once it listens; no request comes before.
      { prefix: companionPrefix, handler: (request) => companion!(request) },
      {
        prefix: bookingPrefix,
        handler: async (request) =>
          showsFeedback && request.method === "GET" && new URL(request.url).pathname === feedbackLogPath
            ? feedbackLog.answer()
            : bookings!(request),
      },
    ],
  });
  const pageOrigins = new Set([server.url, server.url.replace("127.0.0.1", "localhost")]);
  companion = createDemoCompanion(server, pageOrigins, feedbackLog);
  bookings = createBookingWorkflow({
    config: { externalEvents: server.credentials.externalEvents, logger: createConsoleLogger("warn") },
    pageOrigins,
  });
  return server;
}

/** The companion of the demo site, configured against the reference platform it runs beside. */
function createDemoCompanion(server: ReferenceServer, pageOrigins: ReadonlySet<string>, feedbackLog: FeedbackLog): ChatProxy {
  const { credentials } = server;
  return createChatProxy({
    prefix: companionPrefix,
    allowedOrigins: (origin) => pageOrigins.has(origin),
    // A fresh secret each start: the demo's visitors need not outlive the process.
    signingSecret: randomSecret(),
    chat: { url: credentials.chat.baseUrl, apiKey: credentials.chat.apiKey, token: credentials.chat.token },
    messaging: { url: server.url, connectorToken: credentials.demoConnectorToken, host: credentials.demoHosts[0] ?? "127.0.0.1" },
    outbound: credentials.outbound,
    dni: credentials.dni,
    // What the demo site knows of every visitor, whatever the page claims: no one signs in here.
    integrationAttributes: () => ({ site: "harbour-supplies", context: { customer: "guest" } }),
    onFeedback: feedbackLog.record,
    // The reference server is the edge: it names the client in X-Forwarded-For, one hop away.
    trustProxy: 1,
    // Generous for a demo that the end-to-end suite drives from one address, with a new visitor many times a minute.
    rateLimit: {
      visitor: { requests: 1200, windowSeconds: 60 },
      address: { requests: 1200, windowSeconds: 60 },
      create: { requests: 1200, windowSeconds: 60 },
      accessToken: { requests: 1200, windowSeconds: 60 },
      callback: { requests: 1200, windowSeconds: 60 },
      callbackAddress: { requests: 1200, windowSeconds: 60 },
      callbackNumber: { requests: 1200, windowSeconds: 60 },
      dni: { requests: 1200, windowSeconds: 60 },
    },
    logger: createConsoleLogger("warn"),
  });
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
