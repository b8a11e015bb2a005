import type { IncomingMessage, ServerResponse } from "node:http";
import type { AgentAssets } from "../agent/agent-message.ts";
import { handleChatApi, matchChatPath } from "../chat/chat-api.ts";
import { demoAssetFiles } from "../demo-assets.ts";
import { handleFaultEndpoint } from "../testing/fault-endpoint.ts";
import { answerPreflight, sendJson } from "./http-utilities.ts";
import { handleAccessToken, handleCreateSession } from "../messaging/messaging-routes.ts";
import type { ServerInspector } from "../reference-server-types.ts";
import type { ServerContext } from "../server-context.ts";
import { serveStaticFile } from "./static-files.ts";

function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === "/ws" || matchChatPath(pathname) !== undefined;
}

function notFound(response: ServerResponse): void {
  sendJson(response, 404, { message: "not found" });
}

/**
 * Routes one HTTP request: CORS preflights of the API, the Messaging REST endpoints, the Chat API, the
 * fault endpoint (when exposed), the built-in demo images, `/dist/` and the static pages. Anything else
 * is 404. Only the path is ever logged, never a query string or header.
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
  if (method === "OPTIONS" && isApiPath(pathname)) return answerPreflight(request, response);

  if (pathname === "/api/v1/access-token" || pathname === "/api/v1/sessions") {
    if (method !== "POST") return sendJson(response, 405, { message: "method not allowed" }, { Allow: "POST" });
    return pathname === "/api/v1/access-token"
      ? handleAccessToken(context, request, response)
      : handleCreateSession(context, request, response);
  }
  const chatRoute = matchChatPath(pathname);
  if (chatRoute) return handleChatApi(context, request, response, chatRoute, assets);
  if (pathname.startsWith("/__faults/") && context.config.exposeFaultEndpoint) {
    return handleFaultEndpoint(context.faults, inspect, request, response, pathname);
  }
  if (method !== "GET" && method !== "HEAD") return notFound(response);

  const asset = demoAssetFiles[pathname];
  if (asset !== undefined) {
    response.writeHead(200, { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=3600" });
    response.end(method === "HEAD" ? undefined : asset);
    return;
  }
  const { distRoot, staticRoot } = context.config;
  if (pathname.startsWith("/dist/") && distRoot !== undefined) {
    if (await serveStaticFile(distRoot, pathname.slice("/dist".length), request, response)) return;
    return notFound(response);
  }
  if (staticRoot !== undefined && (await serveStaticFile(staticRoot, pathname, request, response))) return;
  notFound(response);
}
