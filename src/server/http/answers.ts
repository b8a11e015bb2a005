import type { ChatErrorBody } from "../../protocol/index.ts";

/**
 * The error body a route's caller reads: the Chat API's `{success: false, error_code, error_message}` on
 * the chat routes, the Messaging API's `{message}` on the token route, so the client reads the companion's
 * refusals exactly as it reads the platform's.
 */
export type ErrorShape = "chat" | "messaging";

/** An error the companion answers with. */
export interface ProxyError {
  status: number;
  /** The Chat API body's `error_code`; the Messaging body has none. */
  code?: string;
  message: string;
  headers?: Record<string, string>;
}

const baseHeaders = {
  "Content-Type": "application/json; charset=utf-8",
  // Answers are per visitor and may carry a token: no cache may keep them.
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

/** A JSON answer that no cache keeps. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

/** A body passed on as it came (a platform answer that is not JSON), with the same headers. */
export function textAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8" } });
}

/** The error in the route's shape. */
export function errorAnswer(shape: ErrorShape, error: ProxyError): Response {
  const body: ChatErrorBody | { message: string } =
    shape === "chat"
      ? { success: false, error_code: error.code ?? `HTTP_${error.status}`, error_message: error.message }
      : { message: error.message };
  return jsonAnswer(error.status, body, error.headers);
}
