import type { IncomingMessage, ServerResponse } from "node:http";

/** Largest HTTP request body the server reads; anything longer is answered 413. */
export const maxRequestBodyBytes = 1024 * 1024;

/** The result of reading a body: its text, or the fact that it was too long. */
export type BodyRead = { kind: "text"; text: string } | { kind: "too-large" };

/** Reads the whole request body as UTF-8, stopping (and draining the rest) past `maxRequestBodyBytes`. */
export function readBody(request: IncomingMessage): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxRequestBodyBytes) {
        tooLarge = true;
        chunks.length = 0;
        resolve({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!tooLarge) resolve({ kind: "text", text: Buffer.concat(chunks).toString("utf8") });
    });
    request.on("error", reject);
  });
}

/** The result of parsing a JSON body: an object, nothing at all (empty body), or invalid. */
export type JsonBody = { kind: "object"; value: Record<string, unknown> } | { kind: "empty" } | { kind: "invalid" };

/** Parses a body that must be empty or a JSON object; arrays, scalars and bad JSON are `invalid`. */
export function parseJsonObject(text: string): JsonBody {
  if (text.trim() === "") return { kind: "empty" };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return { kind: "object", value: value as Record<string, unknown> };
    }
    return { kind: "invalid" };
  } catch {
    return { kind: "invalid" };
  }
}

/** Sends a JSON answer with the given status and extra headers; does nothing if one was already sent. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...headers,
  });
  response.end(text);
}

/** Sends a Messaging REST error: `{"message": text}`. */
export function sendMessagingError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { message }, headers);
}

/** Sends the error body of External Events (and of the reference Outbound Calling and DNI): `{"error_message": text}`. */
export function sendErrorMessage(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { error_message: message }, headers);
}

/** Headers that let a page on another origin call the API and read `Retry-After`. */
export function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  return {
    "Access-Control-Allow-Origin": typeof origin === "string" && origin !== "" ? origin : "*",
    "Access-Control-Expose-Headers": "Retry-After",
    Vary: "Origin",
  };
}

/** Answers a CORS preflight permissively for the API's methods and headers. */
export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(204, {
    ...corsHeaders(request),
    "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, X-Token, X-Host, X-API-KEY, X-TOKEN, User-Agent",
    "Access-Control-Max-Age": "600",
    "Content-Length": "0",
  });
  response.end();
}

/** The single string value of a header, or `undefined` when absent. */
export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
