import { randomUUID } from "node:crypto";
import type { EventMetadata } from "../../../src/protocol/index.ts";

/** One event as the server sends it: the full envelope of protocol.md §3. */
export interface ServerEventRecord {
  type: string;
  payload: Record<string, unknown>;
  id: string;
  sequence: number | null;
  timestamp: string;
  metadata?: EventMetadata;
}

/** A stored (replayable) event: its sequence is always a number. */
export type StoredEventRecord = ServerEventRecord & { sequence: number };

/**
 * Builds an event with a fresh UUID and the current time. `sequence` is the stored position, or `null`
 * for a transient event; `metadata` is attached only when given (the client's, on echoes and errors).
 */
export function createServerEvent(
  type: string,
  payload: Record<string, unknown>,
  sequence: number | null,
  metadata?: EventMetadata,
): ServerEventRecord {
  const event: ServerEventRecord = { type, payload, id: randomUUID(), sequence, timestamp: new Date().toISOString() };
  if (metadata) event.metadata = metadata;
  return event;
}
