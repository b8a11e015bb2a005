import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Mount } from "../reference-server-types.ts";

/** The mount whose prefix the path falls under, if any: the prefix itself or anything below it. */
export function findMount(mounts: readonly Mount[], pathname: string): Mount | undefined {
  return mounts.find((mount) => pathname === mount.prefix || pathname.startsWith(`${mount.prefix}/`));
}

/** Headers that belong to one hop of the connection, never copied between Node and a fetch handler. */
const hopByHopHeaders = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

/**
 * Node's request as a standard `Request`: the same method, URL (on the `Host` the client used), headers
 * and a streamed body. `x-forwarded-for` is the client's address as this server saw it, replacing any
 * value the client sent, since this server is the edge. `signal` aborts when the client goes away.
 */
export function toFetchRequest(request: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase();
    if (hopByHopHeaders.has(name) || name === "x-forwarded-for") continue;
    headers.append(name, raw[index + 1] as string);
  }
  const address = request.socket.remoteAddress;
  if (address) headers.set("x-forwarded-for", address);
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody && { body: Readable.toWeb(request) as unknown as ReadableStream<Uint8Array>, duplex: "half" }),
  } as RequestInit);
}

/**
 * Writes a fetch `Response` to Node's response: status, every header (each `set-cookie` separately),
 * and the body streamed chunk by chunk as the handler produces it, with Node's backpressure. A HEAD
 * request gets the headers only.
 */
export async function writeFetchResponse(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie" && !hopByHopHeaders.has(name)) headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  response.writeHead(answer.status, answer.statusText || undefined, headers);
  if (request.method === "HEAD" || answer.body === null) {
    await answer.body?.cancel();
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    body.on("error", reject);
    response.on("close", () => {
      body.destroy();
      resolve();
    });
    body.pipe(response);
  });
}

/**
 * Hands a request to a mounted fetch handler and writes its answer; the handler's failure is the
 * router's to report (a 500, or a cut connection once the answer has begun).
 */
export async function serveMount(mount: Mount, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const answer = await mount.handler(toFetchRequest(request, controller.signal));
  await writeFetchResponse(answer, request, response);
}
