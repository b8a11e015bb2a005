import type { ServerEventType, ServerPayloads } from "../../../src/protocol/index.ts";
import type { ServerTimings } from "../server-config.ts";
import type { Timeline } from "../timers.ts";
import type { AgentAssets } from "./agent-message.ts";

/**
 * What the demo agent may do to its session: store events (replayed later), send transient ones (live
 * sockets only), end the session, and schedule its steps on the session's timeline so they never
 * interleave. Every payload is typed by the client's own wire types.
 */
export interface AgentPort {
  readonly streaming: boolean;
  readonly timings: ServerTimings;
  readonly timeline: Timeline;
  readonly assets: AgentAssets;
  store<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type]): void;
  transient<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type]): void;
  end(reason: string): void;
}
