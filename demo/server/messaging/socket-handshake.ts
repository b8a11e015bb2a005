import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocketServer } from "ws";
import { HandshakeError, limits, parseCursor } from "../../../src/protocol/index.ts";
import { rateLimitedText } from "./messaging-routes.ts";
import type { ServerContext } from "../server-context.ts";
import { handleSocketMessage } from "./socket-frames.ts";

/** Answers a refused upgrade with a plain HTTP status and `{"message": text}`, then closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.once("finish", () => socket.destroy());
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/**
 * Handles an HTTP upgrade for `/ws?session_id&access_token[&cursor]`: forced faults
 * first, then 400 (missing parameters), 401 (token invalid, expired, of another connector, or under
 * `sessionBoundTokens` not the one that created the session), 404 (unknown or expired session), under
 * `refuseFirstResume` 503 for a token's first try at a session it did not create, and 429 (10 open
 * connections). An accepted socket gets the replay at once
 * and then the session's live events.
 */
export function handleUpgrade(
  context: ServerContext,
  webSocketServer: WebSocketServer,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  socket.on("error", () => socket.destroy());
  const url = new URL(request.url ?? "/", "http://reference.invalid");
  if (url.pathname !== "/ws") return refuseUpgrade(socket, 404, "not found");
  if (context.faults.refusingUpgrades) return refuseUpgrade(socket, 403, "websocket upgrades are refused");
  const failure = context.faults.takeFailure("ws");
  if (failure?.status === 429) {
    return refuseUpgrade(socket, 429, rateLimitedText, { "Retry-After": String(failure.retryAfterSeconds) });
  }
  if (failure) return refuseUpgrade(socket, 500, "internal server error");

  const sessionId = url.searchParams.get("session_id");
  const accessToken = url.searchParams.get("access_token");
  if (!sessionId || !accessToken) return refuseUpgrade(socket, 400, HandshakeError.InvalidParameters);
  const claims = context.tokens.verify(accessToken);
  if (!claims) return refuseUpgrade(socket, 401, HandshakeError.AuthenticationFailed);
  const session = context.sessions.get(sessionId);
  if (!session) return refuseUpgrade(socket, 404, HandshakeError.SessionNotFound);
  if (claims.connectorId !== session.connectorId) return refuseUpgrade(socket, 401, HandshakeError.AuthenticationFailed);
  const resuming = claims.tokenId !== session.creatorTokenId;
  if (context.config.platform.refuseFirstResume && resuming && !session.resumesRefused.has(claims.tokenId)) {
    session.resumesRefused.add(claims.tokenId);
    return refuseUpgrade(socket, 503, "service unavailable");
  }
  if (context.config.platform.sessionBoundTokens && claims.tokenId !== session.creatorTokenId) {
    return refuseUpgrade(socket, 401, HandshakeError.AuthenticationFailed);
  }
  if (session.openSocketCount >= limits.maxConnectionsPerSession) {
    return refuseUpgrade(socket, 429, HandshakeError.ConnectionLimit);
  }
  const cursor = parseCursor(url.searchParams.get("cursor"));

  webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
    if (context.sessions.get(sessionId) !== session) {
      webSocket.close(4001, "session expired");
      return;
    }
    webSocket.on("error", () => webSocket.terminate());
    const sessionSocket = session.attach(webSocket, cursor, context.faults.takeReplayFault(sessionId));
    webSocket.on("message", (data) => {
      try {
        handleSocketMessage(session, sessionSocket, data);
      } catch (error) {
        context.log(`socket frame handling failed: ${error instanceof Error ? error.message : "unknown error"}`);
        webSocket.close(4002, "server error");
      }
    });
  });
}
