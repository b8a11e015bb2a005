import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { limits } from "../../src/protocol/index.ts";
import type { AgentAssets } from "./agent/agent-message.ts";
import { AccessTokens } from "./messaging/access-tokens.ts";
import { ChatConversations } from "./chat/chat-conversations.ts";
import { ConnectorDirectory } from "./messaging/connectors.ts";
import { demoAssetUrls } from "./demo-assets.ts";
import { demoConnectors, demoCredentials } from "./demo-credentials.ts";
import { FaultState } from "./testing/fault-controls.ts";
import { sendJson } from "./http/http-utilities.ts";
import { RateLimiter, rateBudgets } from "./http/rate-limiter.ts";
import type { ReferenceServer, ReferenceServerOptions } from "./reference-server-types.ts";
import { routeRequest } from "./http/request-router.ts";
import { resolveServerConfig } from "./server-config.ts";
import type { ServerContext } from "./server-context.ts";
import { createServerInspector } from "./testing/server-inspector.ts";
import { SessionRegistry } from "./messaging/session-registry.ts";
import { handleUpgrade, refuseUpgrade } from "./messaging/socket-handshake.ts";
import { TimerGroup } from "./timers.ts";
import { DniReservations } from "./voice/dni-reservations.ts";
import { ExternalEvents } from "./voice/external-events.ts";
import { OutboundCalls } from "./voice/outbound-calls.ts";

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}

/**
 * The agent's image URLs on the loopback name and port the client used, so a page at `localhost` gets
 * `localhost` images (a strict `img-src 'self'` allows them); any other `Host` gets the server's own URL.
 */
function assetsForHost(requestHost: string | undefined, serverAssets: AgentAssets): AgentAssets {
  if (requestHost && /^(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/.test(requestHost)) {
    return demoAssetUrls(`http://${requestHost}`);
  }
  return serverAssets;
}

/**
 * Starts the reference platform server on a loopback address: the Messaging API (HTTP + WebSocket), the
 * Chat API, Outbound Calling, DNI and External Events, the demo agent, the site's mounted handlers, static
 * pages and test fault controls, with the platform variants it is given. Resolves once it listens; `close()` ends every socket, timer and
 * connection.
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const config = resolveServerConfig(options);
  const log = (line: string) => console.error(`[reference-server] ${line}`);
  const onError = (error: unknown) => log(`scheduled action failed: ${describeError(error)}`);
  let assets: AgentAssets = demoAssetUrls(`http://${config.host}:${config.port}`);
  const now = () => config.clock.now();
  const tokens = new AccessTokens(config.tokenSecret, config.platform.tokenLifetime.milliseconds, now);
  const externalEvents = new ExternalEvents();
  const voiceTimers = new TimerGroup(config.clock, onError);
  const { timings } = config;
  const calls = new OutboundCalls(voiceTimers, now, {
    script: { queuedMilliseconds: timings.callQueued, callingMilliseconds: timings.callCalling, outcome: "success" },
    retentionMilliseconds: timings.callRetention,
  });
  const sessions = new SessionRegistry({
    timings: config.timings,
    platform: config.platform,
    clock: config.clock,
    assets: (requestHost) => assetsForHost(requestHost, assets),
    externalEvents,
    onError,
  });
  const faults = new FaultState(sessions, tokens, calls);
  const context: ServerContext = {
    config,
    connectors: new ConnectorDirectory(demoConnectors),
    tokens,
    sessions,
    faults,
    httpLimiter: new RateLimiter(rateBudgets.http, now),
    chat: new ChatConversations(now, config.platform.chatTimeout),
    voice: {
      calls,
      callLimiter: new RateLimiter(rateBudgets.outboundCalls, now),
      reservations: new DniReservations(now, timings.dniWindow),
      events: externalEvents,
    },
    log,
  };
  const inspect = createServerInspector(sessions, context.chat, context.voice);
  // Above the protocol limit, so an oversized frame still reaches the handler and gets its error first.
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes * 8 });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    routeRequest(context, inspect, assets, request, response).catch((error: unknown) => {
      log(`request to ${new URL(request.url ?? "/", "http://x").pathname} failed: ${describeError(error)}`);
      if (!response.headersSent) sendJson(response, 500, { message: "internal server error" });
      else response.destroy();
    });
  });
  server.on("upgrade", (request, socket, head) => {
    try {
      handleUpgrade(context, webSocketServer, request, socket, head);
    } catch (error) {
      log(`upgrade failed: ${describeError(error)}`);
      refuseUpgrade(socket, 500, "internal server error");
    }
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  assets = demoAssetUrls(url);

  let closing: Promise<void> | undefined;
  return {
    url,
    credentials: demoCredentials(url),
    faults,
    inspect,
    platform: config.platformVariants,
    close() {
      closing ??= new Promise<void>((resolve) => {
        sessions.shutdown();
        voiceTimers.cancelAll();
        for (const client of webSocketServer.clients) client.terminate();
        webSocketServer.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
