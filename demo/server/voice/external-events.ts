import { randomUUID } from "node:crypto";
import type { ExternalEventContentType } from "../../../src/protocol/index.ts";
import type { ExternalEventView } from "../reference-server-types.ts";

/** A body the External Events API bound to a conversation: opaque, with its fields where its type has any. */
export interface ExternalEventBody {
  contentType: ExternalEventContentType;
  text: string;
  /** A JSON object's fields, or a form's (each name with its first value); absent for XML and plain text. */
  fields?: Record<string, unknown>;
}

/** The conversation an event id belongs to, and how a body reaches it. */
export interface ExternalEventTarget {
  /** A Messaging session id or a Chat API conversation id. */
  conversationId: string;
  deliver(body: ExternalEventBody): void;
}

/** The event ids the reference platform issues: `EV-` and a UUID. */
export const externalEventIdPattern = /^EV-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What became of a received body. */
export type ExternalEventOutcome = "delivered" | "repeated" | "unknown";

/** Event ids kept at most; the oldest are forgotten first. */
const maxEvents = 10_000;

interface IssuedEvent extends ExternalEventView {
  target: ExternalEventTarget;
  received: { contentType: string; text: string }[];
}

/**
 * The event ids the platform's agents hand out to the site's workflows, each bound to the conversation
 * that issued it. A body received for an id reaches that conversation once: the same id again is kept
 * (a workflow may repeat itself after a failure it could not read) but not delivered a second time.
 */
export class ExternalEvents {
  private readonly events = new Map<string, IssuedEvent>();

  /** A new event id bound to `target`. */
  issue(target: ExternalEventTarget): string {
    const eventId = `EV-${randomUUID()}`;
    this.events.set(eventId, { eventId, conversationId: target.conversationId, target, received: [] });
    if (this.events.size > maxEvents) this.events.delete(this.events.keys().next().value as string);
    return eventId;
  }

  /** Binds `body` to the conversation of `eventId`: delivered the first time, kept only after that. */
  receive(eventId: string, body: ExternalEventBody): ExternalEventOutcome {
    const event = this.events.get(eventId);
    if (!event) return "unknown";
    event.received.push({ contentType: body.contentType, text: body.text });
    if (event.received.length > 1) return "repeated";
    event.target.deliver(body);
    return "delivered";
  }

  /** Copies of every issued id and what arrived for it, oldest first. */
  views(): ExternalEventView[] {
    return [...this.events.values()].map(({ eventId, conversationId, received }) => structuredClone({ eventId, conversationId, received }));
  }
}
