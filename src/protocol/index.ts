/**
 * The Messaging API's wire contract: names, payload types, decoding of client frames and cursor
 * helpers. Pure: no I/O, no DOM. Shared by the client and the reference server.
 */
export * from "./event-types.ts";
export * from "./limits.ts";
export * from "./error-texts.ts";
export * from "./payloads.ts";
export * from "./cursor.ts";
export * from "./decode-client-frame.ts";
export * from "./chat-api.ts";
export * from "./voice-doors.ts";
