import { randomUUID } from "node:crypto";
import type { EventMetadata, ServerEventType, ServerPayloads } from "../../../src/protocol/index.ts";

/**
 * One event as the server sends it: the full envelope, with the payload the client's own types give its
 * `type`, so a change on either side that the other does not follow fails the type check.
 */
export interface ServerEventRecord<Type extends ServerEventType = ServerEventType> {
  type: Type;
  payload: ServerPayloads[Type];
  id: string;
  sequence: number | null;
  timestamp: string;
  metadata?: EventMetadata;
}

/** A stored (replayable) event: its sequence is always a number. */
export type StoredEventRecord = ServerEventRecord & { sequence: number };

/**
 * Builds an event with a fresh UUID, stamped at `now` (milliseconds). `sequence` is the stored position,
 * or `null` for a transient event; `metadata` is attached only when given (the client's, on echoes and
 * errors).
 */
export function createServerEvent<Type extends ServerEventType>(
  type: Type,
  payload: ServerPayloads[Type],
  sequence: number | null,
  now: number,
  metadata?: EventMetadata,
): ServerEventRecord<Type> {
  const event: ServerEventRecord<Type> = { type, payload, id: randomUUID(), sequence, timestamp: new Date(now).toISOString() };
  if (metadata) event.metadata = metadata;
  return event;
}
