import { SystemMessageText } from "./error-texts.ts";
import { EventType, isClientEventType, isKnownEventType, TypingState } from "./event-types.ts";
import type { ClientFrame, EventMetadata } from "./payloads.ts";

/**
 * What the server makes of one client frame: a valid frame, or the exact `SYSTEM_MESSAGE` error text to
 * answer it with, together with whatever `metadata` could be read so the error can
 * echo it.
 */
export type DecodedClientFrame = { kind: "frame"; frame: ClientFrame } | { kind: "error"; message: string; metadata?: EventMetadata };

/** Decodes one client frame. Never throws. The size limit is the caller's to check, before decoding. */
export function decodeClientFrame(text: string): DecodedClientFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: "error", message: SystemMessageText.InvalidFormat };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { kind: "error", message: SystemMessageText.InvalidFormat };
  }
  const value = parsed as Record<string, unknown>;
  const metadata = readMetadata(value.metadata);
  const error = (message: string): DecodedClientFrame => (metadata ? { kind: "error", message, metadata } : { kind: "error", message });

  const type = value.type;
  if (typeof type !== "string") return error(SystemMessageText.InvalidFormat);
  if (!isClientEventType(type)) {
    return error(isKnownEventType(type) ? SystemMessageText.notAllowed(type) : SystemMessageText.InvalidFormat);
  }
  const payload = value.payload;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return error(SystemMessageText.InvalidFormat);
  }
  const fields = payload as Record<string, unknown>;
  const withMetadata = <Frame extends ClientFrame>(frame: Frame): DecodedClientFrame => ({
    kind: "frame",
    frame: metadata ? { ...frame, metadata } : frame,
  });

  switch (type) {
    case EventType.UserMessage:
      if (typeof fields.text !== "string" || fields.text.trim() === "") return error(SystemMessageText.InvalidFormat);
      return withMetadata({ type, payload: { text: fields.text } });
    case EventType.UserTyping:
      if (fields.state !== TypingState.Started && fields.state !== TypingState.Stopped) {
        return error(SystemMessageText.InvalidFormat);
      }
      return withMetadata({ type, payload: { state: fields.state } });
    default:
      return withMetadata({ type, payload: {} } as ClientFrame);
  }
}

function readMetadata(value: unknown): EventMetadata | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const custom = (value as Record<string, unknown>).custom;
  if (typeof custom !== "object" || custom === null || Array.isArray(custom)) return undefined;
  return { custom: custom as Record<string, unknown> };
}
