import { formatCursor, type PlatformName } from "../../protocol/index.ts";
import type { Environment } from "../environment.ts";
import { toChatError } from "../errors.ts";
import type { MessagingEndpoints } from "../http/url-policy.ts";
import type { LifecycleEvent } from "../lifecycle/lifecycle-types.ts";
import { createSession, type TokenSource } from "./handshake.ts";

/** What opening a session takes: where, with which token source, and what to ask for. */
export interface SessionAccessOptions {
  endpoints: MessagingEndpoints;
  tokens: TokenSource;
  platform: PlatformName;
  streaming: boolean;
}

/**
 * The handshake of the Messaging transport, and the one holder of the access token: only in this closure,
 * never in the lifecycle's state, an effect, an input, an error or storage.
 */
export interface SessionAccess {
  /**
   * Runs one handshake call (a token, or a session with the held token) and reports its outcome as a
   * lifecycle input, or nothing when `isStale` says a newer call or the end of the client overtook it.
   */
  request(kind: "access-token" | "sessions", isStale: () => boolean, report: (input: LifecycleEvent) => void): void;
  /** The socket URL of `sessionId` with the held token, resuming after `cursor` when it is past 0. */
  socketUrl(sessionId: string, cursor: number): string;
  /** Drops the token. */
  forget(): void;
}

export function createSessionAccess(environment: Environment, options: SessionAccessOptions): SessionAccess {
  let token: string | null = null;
  return {
    request(kind, isStale, report) {
      const { endpoints, platform, streaming } = options;
      if (kind === "access-token") token = null;
      const answered: Promise<LifecycleEvent> =
        kind === "access-token"
          ? options.tokens(isStale).then((answer) => {
              if (!isStale()) token = answer.accessToken;
              return { type: "token-received", expiresInSeconds: answer.expiresInSeconds };
            })
          : createSession(environment, endpoints.httpBase, { accessToken: token ?? "", platform, streaming }, isStale).then((sessionId) => ({
              type: "session-created",
              sessionId,
            }));
      answered.then(
        (input) => isStale() || report(input),
        (error: unknown) => isStale() || report({ type: "request-failed", request: kind, error: toChatError(error) }),
      );
    },
    socketUrl(sessionId, cursor) {
      const query = `session_id=${encodeURIComponent(sessionId)}&access_token=${encodeURIComponent(token ?? "")}`;
      return `${options.endpoints.socketBase}/ws?${query}${cursor > 0 ? `&cursor=${formatCursor(cursor)}` : ""}`;
    },
    forget() {
      token = null;
    },
  };
}
