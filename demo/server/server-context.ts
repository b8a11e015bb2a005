import type { AccessTokens } from "./messaging/access-tokens.ts";
import type { ChatConversations } from "./chat/chat-conversations.ts";
import type { ConnectorDirectory } from "./messaging/connectors.ts";
import type { FaultState } from "./testing/fault-controls.ts";
import type { RateLimiter } from "./http/rate-limiter.ts";
import type { ServerConfig } from "./server-config.ts";
import type { SessionRegistry } from "./messaging/session-registry.ts";
import type { DniReservations } from "./voice/dni-reservations.ts";
import type { ExternalEvents } from "./voice/external-events.ts";
import type { OutboundCalls } from "./voice/outbound-calls.ts";

/** Everything a request handler of the reference server may use; one per running server. */
export interface ServerContext {
  config: ServerConfig;
  connectors: ConnectorDirectory;
  tokens: AccessTokens;
  sessions: SessionRegistry;
  faults: FaultState;
  httpLimiter: RateLimiter;
  chat: ChatConversations;
  /** The platform's other doors: outbound calls (and the account's call budget), DNI reservations, external events. */
  voice: { calls: OutboundCalls; callLimiter: RateLimiter; reservations: DniReservations; events: ExternalEvents };
  /** Writes one line to the server log; callers never pass secrets. */
  log: (line: string) => void;
}
