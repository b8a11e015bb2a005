import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";

/** A parsed HTTP answer: status, headers and the body as JSON when it is JSON, else as text. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Sends one request and reads the whole answer; `body` may be an object (sent as JSON) or a raw string. */
export async function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  const body = options.body === undefined || typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const response = await fetch(url, { method: options.method ?? "POST", headers: options.headers ?? {}, body: body as string | undefined });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** POSTs `/api/v1/access-token` with the given connector token and host (undefined leaves a header out). */
export function requestAccessToken(
  server: ReferenceServer,
  connectorToken: string | undefined,
  host: string | undefined,
  body: unknown = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (connectorToken !== undefined) headers["X-Token"] = connectorToken;
  if (host !== undefined) headers["X-Host"] = host;
  return request(`${server.url}/api/v1/access-token`, { headers, body });
}

/** An access token of the main demo connector (or of the given one), failing loudly when refused. */
export async function getToken(
  server: ReferenceServer,
  connectorToken = server.credentials.connectorToken,
  host = server.credentials.registeredHost,
): Promise<string> {
  const answer = await requestAccessToken(server, connectorToken, host);
  if (answer.status !== 200 || typeof answer.body?.access_token !== "string") {
    throw new Error(`access token refused: ${answer.status} ${answer.text}`);
  }
  return answer.body.access_token;
}

/** POSTs `/api/v1/sessions` with a raw `Authorization` header value (undefined leaves it out). */
export function requestSession(server: ReferenceServer, authorization: string | undefined, body: unknown = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (authorization !== undefined) headers.Authorization = authorization;
  return request(`${server.url}/api/v1/sessions`, { headers, body });
}

/** Creates a session with the token, failing loudly when refused; returns its id. */
export async function createSession(
  server: ReferenceServer,
  token: string,
  body: { platform?: string; streaming_enabled?: boolean } = {},
): Promise<string> {
  const answer = await requestSession(server, `Bearer ${token}`, body);
  if (answer.status !== 200 || typeof answer.body?.session_id !== "string") {
    throw new Error(`session refused: ${answer.status} ${answer.text}`);
  }
  return answer.body.session_id;
}
