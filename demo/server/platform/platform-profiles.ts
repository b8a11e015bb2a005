import type { PlatformVariants } from "../reference-server-types.ts";

/**
 * Named sets of platform variants: `default` is the server's default decisions, one profile switches on each
 * variant alone, and `all-variants` switches on every one at once. Its heartbeat echo lacks `id` and
 * `timestamp` rather than being absent, so that variant stays observable; `no-heartbeat-echo` is the
 * other one.
 */
export const platformProfiles = {
  default: {},
  "batch-without-id": { batchWithoutId: true },
  "replay-batches": { replayBatchSize: 3, replayBatchDelayMilliseconds: 50 },
  "skipping-sequences": { skippingSequences: true },
  "assembled-history": { assembledHistory: true },
  "heartbeat-echo-without-id": { heartbeatEcho: "without-id" },
  "no-heartbeat-echo": { heartbeatEcho: "none" },
  "session-bound-tokens": { sessionBoundTokens: true },
  "idle-close-without-end": { idleCloseWithoutEnd: true },
  "token-expiry": { tokenExpirySeconds: 180 },
  "chat-timeout": { chatTimeoutSeconds: 120 },
  "zero-capabilities": { zeroCapabilities: true },
  "refuse-second-join": { refuseSecondJoin: true },
  "history-without-metadata": { historyWithoutMetadata: true },
  "silent-resume": { silentResume: true },
  "refused-first-resume": { refuseFirstResume: true },
  "stream-errors": { streamErrorEvery: 5 },
  "forward-failures": { forwardFailures: true },
  "heartbeats-not-activity": { heartbeatsNotActivity: true },
  "all-variants": {
    batchWithoutId: true,
    replayBatchSize: 3,
    replayBatchDelayMilliseconds: 50,
    skippingSequences: true,
    assembledHistory: true,
    heartbeatEcho: "without-id",
    sessionBoundTokens: true,
    idleCloseWithoutEnd: true,
    tokenExpirySeconds: 180,
    chatTimeoutSeconds: 120,
    zeroCapabilities: true,
    refuseSecondJoin: true,
    historyWithoutMetadata: true,
    silentResume: true,
    refuseFirstResume: true,
    streamErrorEvery: 5,
    forwardFailures: true,
    heartbeatsNotActivity: true,
  },
} as const satisfies Record<string, Readonly<PlatformVariants>>;

/** The name of a profile in `platformProfiles`. */
export type PlatformProfileName = keyof typeof platformProfiles;

/** Every profile name, in the order `platformProfiles` lists them. */
export const platformProfileNames = Object.keys(platformProfiles) as PlatformProfileName[];

/** Whether `name` is a profile of `platformProfiles`. */
export function isPlatformProfileName(name: string): name is PlatformProfileName {
  return Object.hasOwn(platformProfiles, name);
}

/** One line that says what a profile switches on, such as `replayBatchSize=3, skippingSequences`. */
export function describePlatformVariants(variants: Readonly<PlatformVariants>): string {
  const switches = Object.entries(variants).map(([name, value]) => (value === true ? name : `${name}=${String(value)}`));
  return switches.length === 0 ? "the default decisions, no variant" : switches.join(", ");
}
