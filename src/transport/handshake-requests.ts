import type { PlatformName } from "../protocol/index.ts";
import type { Environment } from "./environment.ts";
import { ChatError } from "./errors.ts";
import { defaultRetryPolicy, requestJson } from "./http-request.ts";

/** The two HTTP calls before a socket: an access token for the connector, then a session. */
export type HandshakeCall =
  | { path: "access-token"; connectorToken: string; host: string }
  | { path: "sessions"; accessToken: string; platform: PlatformName; streaming: boolean };

/**
 * Sends one handshake call, `POST {httpBase}/api/v1/{path}`, with the platform's HTTP discipline, and
 * resolves with the one string field the call exists for (`access_token`, `session_id`). Rejects with a
 * ChatError when the answer lacks it, when the call fails, or when `isCancelled` turns true first.
 */
export async function requestHandshake(
  environment: Environment,
  httpBase: string,
  call: HandshakeCall,
  isCancelled: () => boolean,
): Promise<string> {
  const forToken = call.path === "access-token";
  const field = forToken ? "access_token" : "session_id";
  const answer = await requestJson(
    environment,
    {
      url: `${httpBase}/api/v1/${call.path}`,
      method: "POST",
      headers: forToken ? { "X-Token": call.connectorToken, "X-Host": call.host } : { Authorization: `Bearer ${call.accessToken}` },
      body: forToken ? {} : { platform: call.platform, streaming_enabled: call.streaming },
    },
    { ...defaultRetryPolicy, isCancelled },
  );
  const value = (answer as Record<string, unknown> | null)?.[field];
  if (typeof value !== "string" || value === "") throw new ChatError("protocol", `The ${call.path} answer had no ${field}.`);
  return value;
}
