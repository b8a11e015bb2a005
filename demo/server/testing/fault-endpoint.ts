import type { IncomingMessage, ServerResponse } from "node:http";
import { parseJsonObject, readBody, sendJson } from "../http/http-utilities.ts";
import type { CallScript, FaultEndpoint, ServerInspector } from "../reference-server-types.ts";
import type { FaultState } from "./fault-controls.ts";

const faultEndpoints: readonly FaultEndpoint[] = [
  "access-token",
  "sessions",
  "ws",
  "chat-create",
  "chat-respond",
  "chat-close",
  "outbound-call",
  "outbound-status",
  "dni-reservation",
  "external-event",
];

type Arguments = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Runs one fault method from its JSON arguments; returns an error text when they are wrong. */
function runFault(faults: FaultState, method: string, args: Arguments): string | undefined {
  const sessionId = text(args.sessionId);
  switch (method) {
    case "dropSockets":
    case "expireSession":
    case "cutNextStream":
    case "failNextForward":
      if (!sessionId) return "sessionId is required";
      faults[method](sessionId);
      return undefined;
    case "muteLiveEvents":
      if (!sessionId || typeof args.muted !== "boolean") return "sessionId and muted are required";
      faults.muteLiveEvents(sessionId, args.muted);
      return undefined;
    case "dropSocketsAfter":
      if (!sessionId || !Number.isSafeInteger(args.liveEvents)) return "sessionId and liveEvents are required";
      faults.dropSocketsAfter(sessionId, args.liveEvents as number);
      return undefined;
    case "duplicateNextReplay":
    case "reorderNextReplay":
      faults[method](sessionId);
      return undefined;
    case "failNextRequests": {
      const endpoint = args.endpoint as FaultEndpoint;
      if (!faultEndpoints.includes(endpoint)) return "endpoint is not a fault endpoint";
      if (!Number.isSafeInteger(args.count)) return "count is required";
      if (args.status !== 429 && args.status !== 500) return "status must be 429 or 500";
      const retryAfter = args.retryAfterSeconds;
      if (retryAfter !== undefined && !Number.isSafeInteger(retryAfter)) return "retryAfterSeconds must be an integer";
      faults.failNextRequests(endpoint, args.count as number, args.status, retryAfter as number | undefined);
      return undefined;
    }
    case "expireTokens":
    case "reset":
      faults[method]();
      return undefined;
    case "sendAgentMessage":
      if (!sessionId || typeof args.text !== "string") return "sessionId and text are required";
      faults.sendAgentMessage(sessionId, args.text);
      return undefined;
    case "refuseUpgrades":
      if (typeof args.refuse !== "boolean") return "refuse must be a boolean";
      faults.refuseUpgrades(args.refuse);
      return undefined;
    case "scriptCalls": {
      const scripts = args.scripts;
      if (!Array.isArray(scripts) || !scripts.every(isCallScript)) {
        return "scripts must be a list of {queuedMilliseconds, callingMilliseconds, outcome, reason?, retentionMilliseconds?}";
      }
      faults.scriptCalls(scripts);
      return undefined;
    }
    default:
      return `unknown fault ${method}`;
  }
}

function isCallScript(value: unknown): value is CallScript & { retentionMilliseconds?: number } {
  if (typeof value !== "object" || value === null) return false;
  const script = value as Record<string, unknown>;
  const duration = (field: unknown) => typeof field === "number" && Number.isFinite(field) && field >= 0;
  return (
    duration(script.queuedMilliseconds) &&
    duration(script.callingMilliseconds) &&
    (script.outcome === "success" || script.outcome === "failure") &&
    (script.reason === undefined || typeof script.reason === "string") &&
    (script.retentionMilliseconds === undefined || duration(script.retentionMilliseconds))
  );
}

/**
 * The fault controls over HTTP, for tests in another process: `POST /__faults/<method>` with the
 * arguments as a JSON object (`{"sessionId": "…", "liveEvents": 3}`), `GET /__faults/sessions`,
 * `GET /__faults/chat-conversations`, `GET /__faults/inspect/<sessionId>` and `GET /__faults/voice` (the outbound calls,
 * DNI reservations and external events). Answers `{"ok": true}` or 400/404 with `{"message"}`.
 */
export async function handleFaultEndpoint(
  faults: FaultState,
  inspect: ServerInspector,
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
): Promise<void> {
  const rest = pathname.slice("/__faults/".length);
  if (request.method === "GET" && rest === "sessions") {
    return sendJson(response, 200, { sessionIds: inspect.sessionIds() });
  }
  if (request.method === "GET" && rest === "voice") {
    return sendJson(response, 200, {
      outboundCalls: inspect.outboundCalls(),
      dniReservations: inspect.dniReservations(),
      externalEvents: inspect.externalEvents(),
    });
  }
  if (request.method === "GET" && rest === "chat-conversations") {
    return sendJson(response, 200, { conversations: inspect.chatConversations() });
  }
  if (request.method === "GET" && rest.startsWith("inspect/")) {
    let sessionId: string;
    try {
      sessionId = decodeURIComponent(rest.slice("inspect/".length));
    } catch {
      return sendJson(response, 400, { message: "malformed session id" });
    }
    return sendJson(response, 200, {
      storedEvents: inspect.storedEvents(sessionId),
      receivedUserMessages: inspect.receivedUserMessages(sessionId),
      openSocketCount: inspect.openSocketCount(sessionId),
    });
  }
  if (request.method !== "POST") return sendJson(response, 405, { message: "use POST for faults" });
  const body = await readBody(request);
  if (body.kind === "too-large") return sendJson(response, 413, { message: "Request body too large" });
  const parsed = parseJsonObject(body.text);
  if (parsed.kind === "invalid") return sendJson(response, 400, { message: "body must be a JSON object" });
  const error = runFault(faults, rest, parsed.kind === "object" ? parsed.value : {});
  if (error) return sendJson(response, rest.includes("/") ? 404 : 400, { message: error });
  sendJson(response, 200, { ok: true });
}
