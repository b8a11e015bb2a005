import type { PlatformName } from "../../protocol/index.ts";
import type { Environment } from "../environment.ts";
import { ChatError } from "../errors.ts";
import { defaultRetryPolicy, requestJson, type JsonRequest } from "../http/http-request.ts";

/** An access token and its announced lifetime, as the platform, or the site's backend, hands it out. */
export interface AccessTokenAnswer {
  access_token: string;
  /** Seconds until the token expires. */
  expires_in?: number;
}

/** Where access tokens come from: resolves with one, or rejects with a ChatError. */
export type TokenSource = (isCancelled: () => boolean) => Promise<{ accessToken: string; expiresInSeconds: number | null }>;

/** What the client needs to fetch tokens: one of the three sources the options allow. */
export type TokenOrigin =
  /** The platform's `access-token` call with the connector token in the page. */
  | { connectorToken: string; host: string; httpBase: string }
  /** The site's own endpoint, which holds the connector token (POST, with the site's cookies). */
  | { tokenUrl: string }
  /** A function of the site's that returns a token. */
  | { getAccessToken: () => Promise<AccessTokenAnswer> };

/**
 * The token source of `origin`. Every answer is read the same way: `access_token` must be a non-empty
 * string (else `invalid-answer`), `expires_in` a positive number of seconds (else unknown). HTTP calls
 * follow the platform's discipline (`requestJson`); a throwing function reads as a network failure.
 */
export function createTokenSource(environment: Environment, origin: TokenOrigin): TokenSource {
  const call = (request: JsonRequest) => (isCancelled: () => boolean) => requestJson(environment, request, { ...defaultRetryPolicy, isCancelled });
  const fetchAnswer =
    "getAccessToken" in origin
      ? () => origin.getAccessToken()
      : "tokenUrl" in origin
        ? call({ url: origin.tokenUrl, method: "POST", headers: {}, body: {}, credentials: "include" })
        : call({ url: `${origin.httpBase}/api/v1/access-token`, method: "POST", headers: { "X-Token": origin.connectorToken, "X-Host": origin.host }, body: {} });
  return async (isCancelled) => {
    const answer = (await fetchAnswer(isCancelled)) as Partial<Record<keyof AccessTokenAnswer, unknown>> | null;
    const accessToken = answer?.access_token;
    if (typeof accessToken !== "string" || accessToken === "") throw new ChatError("protocol", "invalid-answer", { request: "access-token" });
    const expiresIn = answer?.expires_in;
    return { accessToken, expiresInSeconds: typeof expiresIn === "number" && expiresIn > 0 ? expiresIn : null };
  };
}

/** `POST {httpBase}/api/v1/sessions`: resolves with the new session's id. */
export async function createSession(
  environment: Environment,
  httpBase: string,
  session: { accessToken: string; platform: PlatformName; streaming: boolean },
  isCancelled: () => boolean,
): Promise<string> {
  const answer = await requestJson(
    environment,
    {
      url: `${httpBase}/api/v1/sessions`,
      method: "POST",
      headers: { Authorization: `Bearer ${session.accessToken}` },
      body: { platform: session.platform, streaming_enabled: session.streaming },
    },
    { ...defaultRetryPolicy, isCancelled },
  );
  const sessionId = (answer as Record<string, unknown> | null)?.session_id;
  if (typeof sessionId !== "string" || sessionId === "") throw new ChatError("protocol", "invalid-answer", { request: "sessions" });
  return sessionId;
}
