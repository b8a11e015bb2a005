import type { AccessTokens } from "./messaging/access-tokens.ts";
import type { ChatConversations } from "./chat/chat-conversations.ts";
import type { ConnectorDirectory } from "./messaging/connectors.ts";
import type { FaultState } from "./testing/fault-controls.ts";
import type { RateLimiter } from "./http/rate-limiter.ts";
import type { ServerConfig } from "./server-config.ts";
import type { SessionRegistry } from "./messaging/session-registry.ts";

/** Everything a request handler of the reference server may use; one per running server. */
export interface ServerContext {
  config: ServerConfig;
  connectors: ConnectorDirectory;
  tokens: AccessTokens;
  sessions: SessionRegistry;
  faults: FaultState;
  httpLimiter: RateLimiter;
  chat: ChatConversations;
  /** Writes one line to the server log; callers never pass secrets. */
  log: (line: string) => void;
}
