import type { AccessTokenAnswer } from "../chat-client-types.ts";
import type { Environment } from "../environment.ts";
import type { TokenHook } from "../messaging/session-access.ts";
import type { HandedToken, TabMessage } from "./tab-messages.ts";

/**
 * Hands the access tokens of one conversation round its tabs in memory (never stored). Returns the hook
 * through which the holder's client asks for every token, the last token handed round (null once the new
 * holder took it), and the function that keeps one another tab handed on. The first token the new holder asks
 * for is the one handed to it, while it has a second left (a refusal of it fetches a fresh one), and every
 * token it fetches goes to the others with `post`.
 */
export function handTokens(
  environment: Environment,
  post: (message: TabMessage) => void,
): [share: TokenHook, handed: () => HandedToken | null, keep: (token: HandedToken | null) => void] {
  let token: HandedToken | null = null;
  const share: TokenHook = (fetch) => {
    const handed = token && token.expiresAt - environment.now() > 1000 ? token : null;
    token = null;
    if (handed) {
      const { accessToken: access_token, expiresAt } = handed;
      return Promise.resolve({ access_token, expires_in: expiresAt < Infinity ? (expiresAt - environment.now()) / 1000 : undefined });
    }
    return fetch().then((answer) => {
      const { access_token: accessToken, expires_in: expiresIn } = (answer ?? {}) as Partial<AccessTokenAnswer>;
      if (typeof accessToken === "string") {
        token = {
          accessToken,
          expiresAt: typeof expiresIn === "number" && expiresIn > 0 ? environment.now() + expiresIn * 1000 : Infinity,
        };
        post({ type: "token", token });
      }
      return answer;
    });
  };
  return [share, () => token, (handed) => void (token = handed)];
}
