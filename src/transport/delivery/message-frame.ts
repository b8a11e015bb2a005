import type { ClientFrame } from "../../protocol/index.ts";

/** A user message as the client sends it: its `client_event_id` in `metadata.custom`. */
export function userMessageFrame(id: string, text: string): ClientFrame {
  return { type: "EVENT_TYPE_USER_MESSAGE", payload: { text }, metadata: { custom: { client_event_id: id } } };
}

/** The size of a frame as sent: the UTF-8 bytes of its JSON, which is what the platform's limit counts. */
export function frameBytes(frame: ClientFrame): number {
  let bytes = 0;
  for (const character of JSON.stringify(frame)) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
