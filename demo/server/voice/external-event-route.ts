import type { IncomingMessage, ServerResponse } from "node:http";
import {
  externalEventContentTypes,
  VoiceDoorHeader,
  type ExternalEventContentType,
  type ExternalEventIdLocation,
} from "../../../src/protocol/index.ts";
import { demoChatAccount, demoVoiceDoorKeys } from "../demo-credentials.ts";
import { headerValue, readBody, sendErrorMessage, sendJson } from "../http/http-utilities.ts";
import type { ServerContext } from "../server-context.ts";
import { externalEventIdPattern, type ExternalEventBody } from "./external-events.ts";
import { answeredByVoiceFault } from "./voice-faults.ts";

const locations: readonly ExternalEventIdLocation[] = ["headers", "querystring", "payload"];

/**
 * `POST /v1/external-events/webhook`, checking in order: a forced fault (500: a transient processing
 * error), the method (405), `X-Api-Key` (401), the four query parameters (400 when one is missing or
 * `event_id_location` is not `headers`, `querystring` or `payload`), the account and project the key
 * opens (401), the body's type (one of the four; 400), the event id at its location and path (400 when
 * missing, or when it is not an id the platform issued). Then binds the body to the conversation that
 * issued the id, whose agent goes on with it, and answers 201.
 */
export async function handleExternalEvent(context: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (answeredByVoiceFault(context, response, "external-event")) return;
  if (request.method !== "POST") return sendErrorMessage(response, 405, "use POST", { Allow: "POST" });
  if (headerValue(request, VoiceDoorHeader.ApiKey) !== demoVoiceDoorKeys.externalEventsApiKey) {
    return sendErrorMessage(response, 401, "missing or invalid X-Api-Key");
  }
  const query = new URL(request.url ?? "/", "http://reference.invalid").searchParams;
  const location = query.get("event_id_location") as ExternalEventIdLocation | null;
  const path = query.get("event_id_path");
  const accountId = query.get("account_id");
  const projectId = query.get("project_id");
  if (!location || !path || !accountId || !projectId) {
    return sendErrorMessage(response, 400, "event_id_location, event_id_path, account_id and project_id are required");
  }
  if (!locations.includes(location)) return sendErrorMessage(response, 400, "event_id_location must be headers, querystring or payload");
  if (accountId !== demoChatAccount.accountId || projectId !== demoChatAccount.projectId) {
    return sendErrorMessage(response, 401, "the key does not open this account and project");
  }
  const contentType = (headerValue(request, "Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() as ExternalEventContentType;
  if (!externalEventContentTypes.includes(contentType)) {
    return sendErrorMessage(response, 400, `the body must be one of ${externalEventContentTypes.join(", ")}`);
  }
  if (body.kind === "too-large") return sendErrorMessage(response, 413, "request body too large");
  const event = readEventBody(contentType, body.text);
  if (!event) return sendErrorMessage(response, 400, `the body is not valid ${contentType}`);
  const eventId =
    location === "headers" ? headerValue(request, path) : location === "querystring" ? query.get(path) : eventIdInPayload(event, path);
  if (!eventId) return sendErrorMessage(response, 400, `event id missing: nothing at ${path} in the ${location}`);
  if (!externalEventIdPattern.test(eventId) || context.voice.events.receive(eventId, event) === "unknown") {
    return sendErrorMessage(response, 400, "event id invalid: no conversation issued it");
  }
  sendJson(response, 201, { status: "queued" });
}

/** The body with its fields, or undefined when it is not what its type says (malformed JSON). */
function readEventBody(contentType: ExternalEventContentType, text: string): ExternalEventBody | undefined {
  if (contentType === "application/json") {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? { contentType, text, fields: value as Record<string, unknown> }
        : { contentType, text };
    } catch {
      return undefined;
    }
  }
  if (contentType === "application/x-www-form-urlencoded") {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
    return { contentType, text, fields };
  }
  return { contentType, text };
}

/**
 * The event id at `path` in the body: a dotted path through a JSON object's fields; a form's field of that
 * very name; a dotted path of element names in XML (`booking.event_id`); never in plain text, which has
 * no structure to name a place in.
 */
function eventIdInPayload(event: ExternalEventBody, path: string): string | undefined {
  if (event.contentType === "application/x-www-form-urlencoded") return text(event.fields?.[path]);
  if (event.contentType === "application/json") {
    let value: unknown = event.fields;
    for (const name of path.split(".")) {
      value = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
    }
    return text(value);
  }
  if (event.contentType === "application/xml") {
    let scope: string | undefined = event.text;
    for (const name of path.split(".")) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      scope = scope === undefined ? undefined : new RegExp(`<${escaped}(?:\\s[^>]*)?>([\\s\\S]*?)</${escaped}>`).exec(scope)?.[1];
    }
    return text(scope?.trim());
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
