import type { RequestContext } from "../chat-proxy.ts";

/* The Node objects are typed by the members used, so this module needs no Node import at run time and
   `cap-chat/server` still loads on runtimes without Node's built-ins. */
type Listener = (...values: any[]) => void;

/** The members of Node's `IncomingMessage` (or Express's, Fastify's `request.raw`) the adapter reads. */
export interface NodeRequest {
  method?: string;
  url?: string;
  /** Express keeps the full path here when the handler is mounted under a path. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string; encrypted?: boolean } | null;
  /** A body a framework's parser already read; used when the stream has ended. */
  body?: unknown;
  readableEnded?: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The members of Node's `ServerResponse` the adapter writes. */
export interface NodeResponse {
  statusCode: number;
  headersSent: boolean;
  writableFinished?: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

/** A Node request listener that is also Connect/Express middleware. */
export type NodeHandler = (request: NodeRequest, response: NodeResponse, next?: (error?: unknown) => void) => void;

type FetchHandler = ((request: Request, context?: RequestContext) => Promise<Response>) & { readonly prefix?: string };

/**
 * Serves a fetch handler from Node: `http.createServer(toNodeHandler(proxy))`, `app.use(toNodeHandler(proxy))`
 * in Express (before any body parser, or after one: a body it already read is used), or, in Fastify,
 * `reply.hijack()` then the handler on `request.raw` and `reply.raw`. The request body streams in and the
 * answer streams out with backpressure; every `Set-Cookie` stays a header of its own; the socket's peer
 * address is passed on as `clientAddress` (see `trustProxy` for proxies in front); a client that goes
 * away aborts the request's `signal`. As middleware, paths outside the handler's `prefix` go to `next()`,
 * and an error thrown by the handler goes to `next(error)` (else a bare 500). No request can make it
 * throw: a method the Fetch standard refuses (`TRACE`, `CONNECT`, `TRACK`) is answered 405, and any other
 * request a `Request` cannot hold 400, without calling the handler.
 */
export function toNodeHandler(handler: FetchHandler): NodeHandler {
  return (request, response, next) => {
    // Nothing a request carries may escape as an exception: one would take the whole process down.
    try {
      serve(handler, request, response, next);
    } catch (error) {
      fail(response, error, next);
    }
  };
}

/** HTTP methods Node's parser accepts and the Fetch standard refuses to build a `Request` with. */
const refusedMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

function serve(handler: FetchHandler, request: NodeRequest, response: NodeResponse, next: ((error?: unknown) => void) | undefined): void {
  const url = requestUrl(request);
  const prefix = handler.prefix;
  if (next && prefix !== undefined && prefix !== "" && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
    next();
    return;
  }
  const method = (request.method ?? "GET").toUpperCase();
  if (refusedMethods.has(method)) {
    refuse(response, 405, "Method Not Allowed");
    return;
  }
  const aborted = new AbortController();
  let webRequest: Request;
  try {
    webRequest = new Request(url, {
      method,
      headers: requestHeaders(request),
      body: method === "GET" || method === "HEAD" ? null : requestBody(request),
      signal: aborted.signal,
      duplex: "half",
    } as RequestInit);
  } catch {
    // A method or header Node's parser lets through but a Request cannot hold.
    refuse(response, 400, "Bad Request");
    return;
  }
  const onClose = () => {
    if (!response.writableFinished) aborted.abort();
  };
  response.on("close", onClose);
  handler(webRequest, { clientAddress: request.socket?.remoteAddress })
    .then((answer) => writeResponse(answer, response, method, aborted.signal))
    .catch((error: unknown) => fail(response, error, next))
    .finally(() => response.off("close", onClose));
}

/** An error thrown while serving: to `next(error)` as middleware, else a bare 500, or a cut answer once headers went out. */
function fail(response: NodeResponse, error: unknown, next: ((error?: unknown) => void) | undefined): void {
  try {
    if (next && !response.headersSent) next(error);
    else if (response.headersSent) response.destroy();
    else {
      response.statusCode = 500;
      response.end();
    }
  } catch {
    response.destroy();
  }
}

/** A short plain-text answer the handler never saw. */
function refuse(response: NodeResponse, status: number, text: string): void {
  response.statusCode = status;
  response.setHeader("Content-Type", "text/plain; charset=utf-8");
  response.setHeader("Cache-Control", "no-store");
  response.write(new TextEncoder().encode(`${text}\n`));
  response.end();
}

function requestUrl(request: NodeRequest): URL {
  const protocol = request.socket?.encrypted ? "https" : "http";
  const host = headerText(request.headers.host) ?? headerText(request.headers[":authority"]) ?? "localhost";
  const path = request.originalUrl ?? request.url ?? "/";
  try {
    return new URL(path.startsWith("/") ? path : `/${path}`, `${protocol}://${host}`);
  } catch {
    // A Host header that is not a host name: the path is what routes the request.
    return new URL(path.startsWith("/") ? path : `/${path}`, `${protocol}://localhost`);
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function requestHeaders(request: NodeRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // HTTP/2 pseudo-headers (`:path`, …) are not headers a Request can hold.
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function requestBody(request: NodeRequest): BodyInit | null {
  if (request.readableEnded && request.body !== undefined) {
    const body = request.body;
    if (typeof body === "string" || body instanceof Uint8Array) return body as BodyInit;
    return body === null ? null : JSON.stringify(body);
  }
  return bodyStream(request);
}

/** The body as a web stream that pauses the socket while the handler is not reading. */
function bodyStream(request: NodeRequest): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Uint8Array | string) => {
          controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: unknown) => {
          detach();
          controller.error(error);
        };
        const onClose = () => onError(new Error("The client closed the connection before the body ended"));
        detach = () => {
          request.off("data", onData);
          request.off("end", onEnd);
          request.off("error", onError);
          request.off("close", onClose);
        };
        request.on("data", onData);
        request.on("end", onEnd);
        request.on("error", onError);
        request.on("close", onClose);
      },
      pull() {
        request.resume();
      },
      cancel() {
        // The rest of the body is read and dropped, so the connection can still carry the answer (a 413).
        detach();
        request.resume();
      },
    },
    { highWaterMark: 4 },
  );
}

async function writeResponse(answer: Response, response: NodeResponse, method: string, aborted: AbortSignal): Promise<void> {
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) if (name !== "set-cookie") response.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader("Set-Cookie", cookies);
  if (!answer.body || method === "HEAD") {
    await answer.body?.cancel();
    response.end();
    return;
  }
  const reader = answer.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (aborted.aborted) {
      await reader.cancel();
      return;
    }
    if (!response.write(value)) await drained(response);
  }
  response.end();
}

/** Resolves when the response can take more, or is gone. */
function drained(response: NodeResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}
