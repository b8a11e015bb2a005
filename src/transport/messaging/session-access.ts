import { formatCursor, type PlatformName } from "../../protocol/index.ts";
import type { Environment } from "../environment.ts";
import { ChatError, toChatError } from "../errors.ts";
import { defaultRetryPolicy, requestJson, type JsonRequest } from "../http/http-request.ts";
import type { MessagingEndpoints } from "../http/url-policy.ts";
import type { LifecycleEvent } from "../lifecycle/lifecycle-types.ts";

/** An access token and its announced lifetime, as the platform, or the site's backend, hands it out. */
export interface AccessTokenAnswer {
  access_token: string;
  /** Seconds until the token expires. */
  expires_in?: number;
}

/** Where access tokens come from: one of the three sources the options allow. */
export type TokenOrigin =
  /** The platform's `access-token` call with the connector token in the page. */
  | { connectorToken: string; host: string }
  /** The site's own endpoint, which holds the connector token (POST, with the site's cookies). */
  | { tokenUrl: string }
  /** A function of the site's that returns a token. */
  | { getAccessToken: () => Promise<AccessTokenAnswer> };

/** What opening a session takes: where, where tokens come from, and what to ask for. */
export interface SessionAccessOptions {
  endpoints: MessagingEndpoints;
  tokens: TokenOrigin;
  platform: PlatformName;
  streaming: boolean;
  /** Every token is asked through this (see `TokenHook`). */
  shareTokens?: TokenHook;
}

/**
 * Asks for a token, given the function that fetches one from the token origin: the tab holding a
 * conversation shared across tabs answers with a token another tab handed it, or hands on what it fetched.
 */
export type TokenHook = (fetch: () => Promise<unknown>) => Promise<unknown>;

/**
 * The handshake of the Messaging transport (a token, then a session), and the one holder of the access
 * token: only in this closure, never in the lifecycle's state, an effect, an input, an error or storage.
 */
export interface SessionAccess {
  /**
   * Runs one handshake call and reports its outcome as a lifecycle input, or nothing when `isStale` says a
   * newer call or the end of the client overtook it. Every token answer is read the same way:
   * `access_token` a non-empty string (else `invalid-answer`), `expires_in` positive seconds (else unknown);
   * a `getAccessToken` that throws reads as a network failure.
   */
  request(kind: "access-token" | "sessions", isStale: () => boolean, report: (input: LifecycleEvent) => void): void;
  /** The socket URL of `sessionId` with the held token, resuming after `cursor` when it is past 0. */
  socketUrl(sessionId: string, cursor: number): string;
  /** Drops the token. */
  forget(): void;
}

export function createSessionAccess(environment: Environment, options: SessionAccessOptions): SessionAccess {
  const { endpoints, tokens: origin } = options;
  let token: string | null = null;
  const call = (request: JsonRequest, isStale: () => boolean) =>
    requestJson(environment, request, { ...defaultRetryPolicy, isCancelled: isStale });
  const fetchFromOrigin = (isStale: () => boolean): Promise<unknown> =>
    "getAccessToken" in origin
      ? origin.getAccessToken()
      : "tokenUrl" in origin
        ? call({ url: origin.tokenUrl, method: "POST", headers: {}, body: {}, credentials: "include" }, isStale)
        : call(
            {
              url: `${endpoints.httpBase}/api/v1/access-token`,
              method: "POST",
              headers: { "X-Token": origin.connectorToken, "X-Host": origin.host },
              body: {},
            },
            isStale,
          );
  const fetchToken = (isStale: () => boolean): Promise<unknown> =>
    options.shareTokens ? options.shareTokens(() => fetchFromOrigin(isStale)) : fetchFromOrigin(isStale);

  /** The one string field a handshake answer exists for. */
  const field = (answer: unknown, name: "access_token" | "session_id", request: string): string => {
    const value = (answer as Record<string, unknown> | null)?.[name];
    if (typeof value !== "string" || value === "") throw new ChatError("protocol", "invalid-answer", { request });
    return value;
  };

  return {
    request(kind, isStale, report) {
      if (kind === "access-token") token = null;
      const answered: Promise<LifecycleEvent> =
        kind === "access-token"
          ? fetchToken(isStale).then((answer) => {
              const accessToken = field(answer, "access_token", kind);
              const expiresIn = (answer as AccessTokenAnswer).expires_in;
              if (!isStale()) token = accessToken;
              return { type: "token-received", expiresInSeconds: typeof expiresIn === "number" && expiresIn > 0 ? expiresIn : null };
            })
          : call(
              {
                url: `${endpoints.httpBase}/api/v1/sessions`,
                method: "POST",
                headers: { Authorization: `Bearer ${token ?? ""}` },
                body: { platform: options.platform, streaming_enabled: options.streaming },
              },
              isStale,
            ).then((answer) => ({ type: "session-created", sessionId: field(answer, "session_id", kind) }));
      answered.then(
        (input) => isStale() || report(input),
        (error: unknown) => isStale() || report({ type: "request-failed", request: kind, error: toChatError(error) }),
      );
    },
    socketUrl(sessionId, cursor) {
      const query = `session_id=${encodeURIComponent(sessionId)}&access_token=${encodeURIComponent(token ?? "")}`;
      return `${endpoints.socketBase}/ws?${query}${cursor > 0 ? `&cursor=${formatCursor(cursor)}` : ""}`;
    },
    forget() {
      token = null;
    },
  };
}
