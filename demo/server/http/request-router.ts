import type { IncomingMessage, ServerResponse } from "node:http";
import type { AgentAssets } from "../agent/agent-message.ts";
import { handleChatApi, matchChatPath } from "../chat/chat-api.ts";
import { handleAccessToken, handleCreateSession } from "../messaging/messaging-routes.ts";
import type { ServerInspector } from "../reference-server-types.ts";
import type { ServerContext } from "../server-context.ts";
import { handleFaultEndpoint } from "../testing/fault-endpoint.ts";
import { handleDniReservation } from "../voice/dni-reservations.ts";
import { handleExternalEvent } from "../voice/external-event-route.ts";
import { handleOutboundCall, handleOutboundStatus, matchOutboundStatusPath } from "../voice/outbound-routes.ts";
import { VoiceDoorPath } from "../../../src/protocol/index.ts";
import { answerPreflight, sendJson } from "./http-utilities.ts";
import { findMount, serveMount } from "./mounts.ts";
import { serveStaticFile } from "./static-files.ts";

function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === "/ws" || matchChatPath(pathname) !== undefined;
}

function notFound(response: ServerResponse): void {
  sendJson(response, 404, { message: "not found" });
}

/**
 * Routes one HTTP request: the mounted handlers first (every method, their own CORS), then CORS
 * preflights of the API, the Messaging REST endpoints, the Chat API, Outbound Calling, DNI and External
 * Events (server-to-server doors: no CORS), the fault endpoint (when exposed), `/dist/`, and files of the
 * public folder, then of the static pages. Anything else is 404. Only the path is ever logged, never a
 * query string or header.
 */
export async function routeRequest(
  context: ServerContext,
  inspect: ServerInspector,
  assets: AgentAssets,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const pathname = new URL(request.url ?? "/", "http://reference.invalid").pathname;
  const method = request.method ?? "GET";
  const mount = findMount(context.config.mounts, pathname);
  if (mount) return serveMount(mount, request, response);
  if (method === "OPTIONS" && isApiPath(pathname)) return answerPreflight(request, response);

  if (pathname === "/api/v1/access-token" || pathname === "/api/v1/sessions") {
    if (method !== "POST") return sendJson(response, 405, { message: "method not allowed" }, { Allow: "POST" });
    return pathname === "/api/v1/access-token"
      ? handleAccessToken(context, request, response)
      : handleCreateSession(context, request, response);
  }
  const chatRoute = matchChatPath(pathname);
  if (chatRoute) return handleChatApi(context, request, response, chatRoute, assets);
  if (pathname === VoiceDoorPath.OutboundCall) return handleOutboundCall(context, request, response);
  const callSid = matchOutboundStatusPath(pathname);
  if (callSid !== undefined) return handleOutboundStatus(context, request, response, callSid);
  if (pathname === VoiceDoorPath.DniReservation) return handleDniReservation(context, request, response);
  if (pathname === VoiceDoorPath.ExternalEvent) return handleExternalEvent(context, request, response);
  if (pathname.startsWith("/__faults/") && context.config.exposeFaultEndpoint) {
    return handleFaultEndpoint(context.faults, inspect, request, response, pathname);
  }
  if (method !== "GET" && method !== "HEAD") return notFound(response);

  const { distRoot, publicRoot, staticRoot } = context.config;
  if (pathname.startsWith("/dist/") && distRoot !== undefined) {
    if (await serveStaticFile(distRoot, pathname.slice("/dist".length), request, response)) return;
    return notFound(response);
  }
  if (await serveStaticFile(publicRoot, pathname, request, response)) return;
  if (staticRoot !== undefined && (await serveStaticFile(staticRoot, pathname, request, response))) return;
  notFound(response);
}
