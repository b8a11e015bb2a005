import type { IncomingMessage, ServerResponse } from "node:http";
import { VoiceDoorHeader, type DniReservationResponse } from "../../../src/protocol/index.ts";
import { demoVoiceDoorKeys } from "../demo-credentials.ts";
import { headerValue, parseJsonObject, readBody, sendErrorMessage, sendJson } from "../http/http-utilities.ts";
import type { DniReservationView } from "../reference-server-types.ts";
import type { ServerContext } from "../server-context.ts";
import { answeredByVoiceFault } from "./voice-faults.ts";

/**
 * The numbers the demo agent can be reached on: +1 202 555 0100 to 0199, the range kept for fiction, so
 * no real line is ever shown.
 */
export const dniPool: readonly string[] = Array.from({ length: 100 }, (_, index) => `+1202555${String(100 + index).padStart(4, "0")}`);

/** Reservations kept for inspection at most; the oldest are forgotten first. */
const maxKept = 10_000;

/**
 * The DNI reservations: each holds one number of the pool to itself for its window, with the attributes
 * the voice agent gets at call start; a number is free again once its window has passed.
 */
export class DniReservations {
  private readonly reservations: DniReservationView[] = [];

  constructor(
    private readonly now: () => number,
    private readonly windowMilliseconds: number,
  ) {}

  /** Reserves a free number for `attributes`; undefined when every number is held. */
  reserve(attributes: Record<string, unknown>): DniReservationView | undefined {
    const now = this.now();
    const held = new Set(this.reservations.filter((reservation) => reservation.expiresAt > now).map((reservation) => reservation.dni));
    const dni = dniPool.find((number) => !held.has(number));
    if (dni === undefined) return undefined;
    const reservation = { dni, attributes: structuredClone(attributes), reservedAt: now, expiresAt: now + this.windowMilliseconds };
    this.reservations.push(reservation);
    if (this.reservations.length > maxKept) this.reservations.shift();
    return reservation;
  }

  /** Copies of every reservation, oldest first. */
  views(): DniReservationView[] {
    return structuredClone(this.reservations);
  }
}

/**
 * `POST /v1/conversations/dni-reservation`, checking in order: a forced fault, the method (405),
 * `x-api-key` (401), the body: a JSON object whose `attributes` is an object (400), then a free number
 * (**Decision**: 503 when the pool is exhausted). Answers `{dni, expires_at}`.
 */
export async function handleDniReservation(context: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (answeredByVoiceFault(context, response, "dni-reservation")) return;
  if (request.method !== "POST") return sendErrorMessage(response, 405, "use POST", { Allow: "POST" });
  if (headerValue(request, VoiceDoorHeader.ApiKey) !== demoVoiceDoorKeys.dniApiKey) {
    return sendErrorMessage(response, 401, "invalid or missing x-api-key");
  }
  if (body.kind === "too-large") return sendErrorMessage(response, 413, "request body too large");
  const parsed = parseJsonObject(body.text);
  const attributes = parsed.kind === "object" ? parsed.value.attributes : undefined;
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) {
    return sendErrorMessage(response, 400, "attributes is required and must be an object");
  }
  const reservation = context.voice.reservations.reserve(attributes as Record<string, unknown>);
  if (!reservation) return sendErrorMessage(response, 503, "no number is free for a reservation; try again later", { "Retry-After": "60" });
  const answer: DniReservationResponse = { dni: reservation.dni, expires_at: new Date(reservation.expiresAt).toISOString() };
  sendJson(response, 200, answer);
}
