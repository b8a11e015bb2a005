/**
 * Shapes of the platform's Outbound Calling, DNI and External Events APIs, which a chat site reaches
 * through its server companion. Where the platform's spec shows no field name, the names here are the
 * reference platform's decisions, marked so.
 */

/** Header names of the three doors. */
export const VoiceDoorHeader = {
  /** Outbound Calling. */
  ServiceAuthToken: "X-Service-Auth-Token",
  /** DNI and External Events. */
  ApiKey: "X-Api-Key",
} as const;

/** Paths under `{base_url}`. */
export const VoiceDoorPath = {
  OutboundCall: "/v1/outbound-calling",
  DniReservation: "/v1/conversations/dni-reservation",
  ExternalEvent: "/v1/external-events/webhook",
} as const;

/** The status path of an outbound call. */
export function outboundStatusPath(callSid: string): string {
  return `${VoiceDoorPath.OutboundCall}/${encodeURIComponent(callSid)}/status`;
}

/** An outbound call's status: `success` and `failure` are terminal and never change. */
export type OutboundCallStatus = "queued" | "calling" | "success" | "failure";

/** The statuses an outbound call can have, in the order a call goes through them. */
export const outboundCallStatuses: readonly OutboundCallStatus[] = ["queued", "calling", "success", "failure"];

/** Whether `status` is one a call never leaves. */
export function isTerminalCallStatus(status: OutboundCallStatus): boolean {
  return status === "success" || status === "failure";
}

/** A call SID as the platform issues it: the prefix `OUT-`, then letters, digits, `-` and `_`. */
export const callSidPattern = /^OUT-[A-Za-z0-9_-]{1,128}$/;

/**
 * `POST /v1/outbound-calling`. **Decision** (the spec names no field): the destination is `to_number`
 * (E.164), beside optional `metadata`.
 */
export interface OutboundCallRequest {
  to_number: string;
  metadata?: Record<string, unknown>;
}

/** The trigger's answer: the call's SID (and, from the reference platform, its first status). */
export interface OutboundCallResponse {
  call_sid: string;
  status?: OutboundCallStatus;
}

/** `GET /v1/outbound-calling/{call_sid}/status`: `reason` is filled for a failure, else an empty string. */
export interface OutboundStatusResponse {
  status: OutboundCallStatus;
  reason: string;
}

/** `POST /v1/conversations/dni-reservation`. */
export interface DniReservationRequest {
  attributes: Record<string, unknown>;
}

/**
 * The reservation: the temporary number, and (**Decision**, the spec shows only `dni`) the end of its
 * window as ISO 8601.
 */
export interface DniReservationResponse {
  dni: string;
  expires_at?: string;
}

/** Where the External Events API finds the event id in a request (its `event_id_location`). */
export type ExternalEventIdLocation = "headers" | "querystring" | "payload";

/** The body types the External Events API accepts, all treated as opaque. */
export const externalEventContentTypes = [
  "application/json",
  "application/x-www-form-urlencoded",
  "application/xml",
  "text/plain",
] as const;

/** One of {@link externalEventContentTypes}. */
export type ExternalEventContentType = (typeof externalEventContentTypes)[number];

/** The error body of the External Events API, and (**Decision**) of Outbound Calling and DNI. */
export interface VoiceDoorErrorBody {
  error_message: string;
}

/**
 * A phone number in E.164: `+`, a country code that does not start with 0, and 7 to 15 digits in all (no
 * number in service anywhere is shorter).
 */
export const e164Pattern = /^\+[1-9]\d{6,14}$/;
