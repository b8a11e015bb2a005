import type { ServerEventType, ServerPayloads } from "../../../src/protocol/index.ts";
import type { ServerTimings } from "../server-config.ts";
import type { Timeline } from "../timers.ts";
import type { AgentAssets } from "./agent-message.ts";

/**
 * What the demo agent may do to its session: store events (replayed later), send transient ones (live
 * sockets only), end the session, schedule its steps on the session's timeline so they never
 * interleave, and issue event ids for the site's workflows to answer through the External Events API.
 * Every payload is typed by the client's own wire types.
 */
export interface AgentPort {
  readonly streaming: boolean;
  readonly timings: ServerTimings;
  readonly timeline: Timeline;
  readonly assets: AgentAssets;
  /** True once the session has ended: nothing more is said in it. */
  readonly ended: boolean;
  /** A new External Events id bound to this session; a body sent for it reaches `DemoAgent.externalEvent`. */
  issueEventId(): string;
  store<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type]): void;
  transient<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type]): void;
  end(reason: string): void;
  /** Counts a streamed message about to be scheduled; true when the platform cuts this one. */
  takesStreamCut(): boolean;
  /** Cuts the stream of `messageId` where it stands: the platform's streaming error, and nothing more of it. */
  cutStream(messageId: string): void;
}
