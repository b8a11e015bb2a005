import { VoiceDoorHeader, VoiceDoorPath, type ExternalEventIdLocation } from "../../protocol/index.ts";
import { checkPositiveInteger, checkText, checkUpstreamUrl, proxyDefaults, type ChatProxyConfig } from "../configuration/proxy-config.ts";
import { createConsoleLogger, redactingLogger } from "../logging/logger.ts";
import { createRedactor } from "../logging/redaction.ts";
import { callUpstream, readObject, type RawBody, type UpstreamResult } from "./upstream.ts";

/** A workflow's result: an object (sent as JSON), a form (`URLSearchParams`), or text (plain, or XML). */
export type ExternalEventPayload = Record<string, unknown> | URLSearchParams | string;

/** One result of the site's workflow for the conversation that issued `eventId`. */
export interface ExternalEvent {
  /** The event id the platform's agent gave the workflow (in the booking link, say). */
  eventId: string;
  payload: ExternalEventPayload;
  /**
   * Where the platform is to find the event id: `payload` (the default for an object or a form),
   * `querystring` (the default for text, which has no place to hold it) or `headers`.
   */
  location?: ExternalEventIdLocation;
  /** Its name there, a dotted path in a JSON payload: default `event_id`, or `X-Event-Id` in the headers. */
  path?: string;
  /** The type of a text payload: `text/plain` (default) or `application/xml`. */
  contentType?: "text/plain" | "application/xml";
}

/** Why an event did not reach the platform, or was refused by it. */
export type ExternalEventErrorCode =
  /** 400: the platform found no event id, or not one it issued. Sending it again cannot help. */
  | "invalid-event"
  /** 401 or 403: the platform refused `externalEvents.apiKey` for this account and project. */
  | "rejected-credentials"
  /** 429: the platform asked to slow down; `retryAfterSeconds` says for how long. */
  | "rate-limited"
  /** 500 (a transient processing error) or another status. */
  | "platform-error"
  /** No answer in `upstreamTimeoutMilliseconds`: the event may or may not have been queued. */
  | "timeout"
  /** The platform could not be reached. */
  | "unreachable";

/**
 * The error `sendExternalEvent` rejects with. `transient` says the same event may succeed later (429,
 * 5xx, no answer); after a `timeout` it may already have been queued, so sending it again may deliver it
 * twice unless the platform keeps one delivery per event id. Its message never holds the key.
 */
export class ExternalEventError extends Error {
  override readonly name = "ExternalEventError";
  constructor(
    readonly code: ExternalEventErrorCode,
    message: string,
    readonly status: number | undefined,
    readonly transient: boolean,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What `sendExternalEvent` reads of the companion's configuration: pass the same object as to `createChatProxy`. */
export type ExternalEventsConfig = Pick<
  ChatProxyConfig,
  "externalEvents" | "fetch" | "logger" | "upstreamTimeoutMilliseconds" | "maxUpstreamBodyBytes"
>;

/**
 * Sends a workflow's result to the platform's External Events API (`POST {url}/v1/external-events/webhook`
 * with `X-Api-Key`, and `event_id_location`, `event_id_path`, `account_id`, `project_id` in the query),
 * which binds it to the conversation that issued `eventId`; the agent goes on with it there. The event id
 * is put where `location` and `path` say: into a copy of the payload at its dotted path (an object) or
 * field (a form), in the query string, or in a header. Resolves once the platform has queued it (201).
 * Rejects with an {@link ExternalEventError} when the platform refuses it or cannot be reached, and with
 * a `TypeError`, before anything is sent, when the event itself is wrong (no event id, or an event id in
 * a text payload). Never retried here; the key never reaches a log line or an error.
 */
export async function sendExternalEvent(config: ExternalEventsConfig, event: ExternalEvent): Promise<void> {
  const upstream = config.externalEvents;
  if (!upstream) throw new Error("sendExternalEvent needs externalEvents: {url, apiKey, accountId, projectId}");
  const url = checkUpstreamUrl("externalEvents.url", upstream.url);
  const apiKey = checkText("externalEvents.apiKey", upstream.apiKey);
  const redact = createRedactor([apiKey]);
  const log = redactingLogger(config.logger ?? createConsoleLogger(), redact);
  const { eventId } = event;
  if (typeof eventId !== "string" || eventId.trim() === "" || eventId.length > 512)
    throw new TypeError("eventId must be the event id the agent issued");
  const text = typeof event.payload === "string";
  const location = event.location ?? (text ? "querystring" : "payload");
  const path = event.path ?? (location === "headers" ? "X-Event-Id" : "event_id");
  if (location === "payload" && text) throw new TypeError("A text payload cannot hold the event id: use location querystring or headers");
  const query = new URLSearchParams({
    event_id_location: location,
    event_id_path: path,
    account_id: checkText("externalEvents.accountId", upstream.accountId),
    project_id: checkText("externalEvents.projectId", upstream.projectId),
  });
  if (location === "querystring") query.set(path, eventId);
  const result = await callUpstream(config.fetch ?? ((input, init) => fetch(input, init)), {
    url: `${url}${VoiceDoorPath.ExternalEvent}?${query}`,
    method: "POST",
    headers: { [VoiceDoorHeader.ApiKey]: apiKey, ...(location === "headers" && { [path]: eventId }) },
    raw: requestBody(event, location === "payload" ? path : undefined),
    timeoutMilliseconds: checkPositiveInteger(
      "upstreamTimeoutMilliseconds",
      config.upstreamTimeoutMilliseconds ?? proxyDefaults.upstreamTimeoutMilliseconds,
    ),
    maxAnswerBytes: checkPositiveInteger("maxUpstreamBodyBytes", config.maxUpstreamBodyBytes ?? proxyDefaults.maxUpstreamBodyBytes),
  });
  const error = failureOf(result, redact);
  const route = "external-event";
  if (!error) {
    log({
      level: "info",
      event: "external-event-sent",
      route,
      upstreamStatus: (result as { status: number }).status,
      message: "The platform queued an external event",
    });
    return;
  }
  log({
    level: error.transient ? "warn" : "error",
    event: "external-event-failed",
    route,
    ...(error.status !== undefined && { upstreamStatus: error.status }),
    message: `An external event was not queued (${error.code}): ${error.message}`,
  });
  throw error;
}

/** The request's body: the payload with the event id at `path` when it is to be found in it. */
function requestBody(event: ExternalEvent, path: string | undefined): RawBody {
  const { payload, eventId } = event;
  if (typeof payload === "string") return { text: payload, contentType: event.contentType ?? "text/plain" };
  if (payload instanceof URLSearchParams) {
    const form = new URLSearchParams(payload);
    if (path !== undefined) form.set(path, eventId);
    return { text: form.toString(), contentType: "application/x-www-form-urlencoded" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    throw new TypeError("payload must be an object, URLSearchParams or a string");
  const copy = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  if (path !== undefined) {
    const names = path.split(".");
    let scope = copy;
    for (const name of names.slice(0, -1)) {
      const next = scope[name] ?? {};
      if (typeof next !== "object" || next === null || Array.isArray(next))
        throw new TypeError(`payload.${name} is in the way of the event id's path ${path}`);
      scope = scope[name] = next as Record<string, unknown>;
    }
    scope[names.at(-1) as string] = eventId;
  }
  return { text: JSON.stringify(copy), contentType: "application/json" };
}

/** The error of a call that did not succeed, or undefined once the platform answered 2xx. */
function failureOf(result: UpstreamResult, redact: (text: string) => string): ExternalEventError | undefined {
  if (result.kind === "timeout")
    return new ExternalEventError("timeout", "The External Events API did not answer in time", undefined, true);
  if (result.kind === "unreachable")
    return new ExternalEventError("unreachable", "The External Events API could not be reached", undefined, true);
  const { status } = result;
  if (status >= 200 && status < 300) return undefined;
  const body = result.kind === "answer" ? readObject(result.text) : undefined;
  const said = typeof body?.error_message === "string" ? redact(body.error_message) : `HTTP ${status}`;
  if (status === 400) return new ExternalEventError("invalid-event", `The platform refused the event: ${said}`, status, false);
  if (status === 401 || status === 403)
    return new ExternalEventError("rejected-credentials", `The platform refused the key: ${said}`, status, false);
  if (status === 429) {
    const retryAfter = result.kind === "answer" ? Number(result.headers.get("Retry-After")?.trim()) : Number.NaN;
    return new ExternalEventError(
      "rate-limited",
      "The platform asked to slow down",
      status,
      true,
      Number.isSafeInteger(retryAfter) && retryAfter >= 0 ? retryAfter : 1,
    );
  }
  return new ExternalEventError("platform-error", `The platform failed to queue the event: ${said}`, status, status >= 500);
}
