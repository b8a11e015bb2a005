import { ExternalEventError, sendExternalEvent, type ExternalEventsConfig } from "../../src/server/index.ts";

/** Where the demo site's booking backend lives, beside its pages. */
export const bookingPrefix = "/demo-site";

/** The demo booking workflow's settings: the site's External Events configuration and its page origins. */
export interface BookingWorkflowOptions {
  config: ExternalEventsConfig;
  /** Origins the booking page may be served from. */
  pageOrigins: ReadonlySet<string>;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The demo site's booking backend, a fetch handler for `POST /demo-site/bookings`: the booking page sends
 * `{event_id, guests, date, time}` from the agent's link, and the backend confirms the table by sending
 * the booking to the platform's External Events API with `sendExternalEvent`, which binds it to the
 * conversation whose agent issued the event id. A booking confirmed once is not sent again (a second click
 * answers what the first did), so the agent hears of it once.
 */
export function createBookingWorkflow(options: BookingWorkflowOptions): (request: Request) => Promise<Response> {
  const confirmed = new Map<string, string>();
  return async (request) => {
    if (new URL(request.url).pathname !== `${bookingPrefix}/bookings`) return answer(404, { message: "Not found" });
    if (request.method !== "POST") return answer(405, { message: "Use POST" });
    if (!options.pageOrigins.has(request.headers.get("Origin") ?? "")) return answer(403, { message: "This origin may not book" });
    let fields: Record<string, unknown>;
    try {
      fields = (await request.json()) as Record<string, unknown>;
    } catch {
      return answer(400, { message: "The booking is not JSON" });
    }
    const { event_id: eventId, guests, date, time } = fields ?? {};
    const text = (value: unknown) => typeof value === "string" && value.trim() !== "" && value.length <= 40;
    if (
      typeof eventId !== "string" ||
      !/^[\w-]{1,200}$/.test(eventId) ||
      !Number.isInteger(guests) ||
      (guests as number) < 1 ||
      (guests as number) > 12 ||
      !text(date) ||
      !text(time)
    ) {
      return answer(400, { message: "A booking needs its event id, 1 to 12 guests, a day and a time" });
    }
    const already = confirmed.get(eventId);
    if (already) return answer(200, { reference: already });
    const reference = `HB-${String(1000 + Math.floor(Math.random() * 9000))}`;
    confirmed.set(eventId, reference);
    try {
      await sendExternalEvent(options.config, { eventId, payload: { booking: { guests, date, time, reference } } });
      return answer(201, { reference });
    } catch (error) {
      // Not queued: the visitor may try again (the platform keeps one delivery per event id anyway).
      confirmed.delete(eventId);
      if (error instanceof ExternalEventError && error.code === "invalid-event") {
        return answer(400, { message: "This booking link is no longer valid. Ask the assistant for a new one." });
      }
      return answer(502, { message: "We could not confirm your table just now. Please try again." });
    }
  };
}
