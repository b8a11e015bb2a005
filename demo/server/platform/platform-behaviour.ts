import { limits } from "../../../src/protocol/index.ts";
import type { PlatformVariants } from "../reference-server-types.ts";

/** How a heartbeat is answered: the full echo, an echo without `id` and `timestamp`, or nothing. */
export type HeartbeatEcho = NonNullable<PlatformVariants["heartbeatEcho"]>;

/** The platform variants after validation, with every duration scaled, in milliseconds. */
export interface PlatformBehaviour {
  batchWithoutId: boolean;
  /** Most events per replay batch; undefined packs by the frame limit alone. */
  replayBatchSize: number | undefined;
  replayBatchPause: number;
  skippingSequences: boolean;
  assembledHistory: boolean;
  heartbeatEcho: HeartbeatEcho;
  sessionBoundTokens: boolean;
  idleCloseWithoutEnd: boolean;
  /** What `expires_in` announces (unscaled seconds) and how long a token really lasts. */
  tokenLifetime: { expiresInSeconds: number; milliseconds: number };
  /** Undefined: Chat API conversations never time out. */
  chatTimeout: number | undefined;
  zeroCapabilities: boolean;
  refuseSecondJoin: boolean;
  historyWithoutMetadata: boolean;
  silentResume: boolean;
  refuseFirstResume: boolean;
  /** Undefined: no stream is ever cut. */
  streamErrorEvery: number | undefined;
  forwardFailures: boolean;
  heartbeatsNotActivity: boolean;
}

const heartbeatEchoes: readonly HeartbeatEcho[] = ["full", "without-id", "none"];

function streamErrorEvery(value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
    throw new Error(`platform.streamErrorEvery must be a whole number of messages, at least 1, not ${value}`);
  return value;
}

function positiveNumber(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`platform.${name} must be a positive number, not ${value}`);
  return value;
}

/**
 * Validates the variants and scales their durations by `timeScale`. Throws on a value that could not
 * mean anything (a batch of 0 events, a negative pause, an unknown heartbeat echo), so a typo in a test
 * never silently runs the default decisions instead.
 */
export function resolvePlatformBehaviour(variants: PlatformVariants, timeScale: number): PlatformBehaviour {
  const batchSize = variants.replayBatchSize;
  if (batchSize !== undefined && !(Number.isSafeInteger(batchSize) && batchSize >= 1)) {
    throw new Error(`platform.replayBatchSize must be a whole number of events, at least 1, not ${batchSize}`);
  }
  const pause = variants.replayBatchDelayMilliseconds ?? 0;
  if (!(pause >= 0) || !Number.isFinite(pause)) {
    throw new Error(`platform.replayBatchDelayMilliseconds must be 0 or more, not ${pause}`);
  }
  const heartbeatEcho = variants.heartbeatEcho ?? "full";
  if (!heartbeatEchoes.includes(heartbeatEcho)) {
    throw new Error(`platform.heartbeatEcho must be one of ${heartbeatEchoes.join(", ")}, not ${heartbeatEcho}`);
  }
  const tokenSeconds = positiveNumber("tokenExpirySeconds", variants.tokenExpirySeconds);
  const chatSeconds = positiveNumber("chatTimeoutSeconds", variants.chatTimeoutSeconds);
  return {
    batchWithoutId: variants.batchWithoutId === true,
    replayBatchSize: batchSize,
    replayBatchPause: pause * timeScale,
    skippingSequences: variants.skippingSequences === true,
    assembledHistory: variants.assembledHistory === true,
    heartbeatEcho,
    sessionBoundTokens: variants.sessionBoundTokens === true,
    idleCloseWithoutEnd: variants.idleCloseWithoutEnd === true,
    // The default lifetime is a day: no test or demo lives long enough for scaling it to matter.
    tokenLifetime:
      tokenSeconds === undefined
        ? { expiresInSeconds: limits.accessTokenLifetimeSeconds, milliseconds: limits.accessTokenLifetimeSeconds * 1000 }
        : { expiresInSeconds: tokenSeconds, milliseconds: tokenSeconds * 1000 * timeScale },
    chatTimeout: chatSeconds === undefined ? undefined : chatSeconds * 1000 * timeScale,
    zeroCapabilities: variants.zeroCapabilities === true,
    refuseSecondJoin: variants.refuseSecondJoin === true,
    historyWithoutMetadata: variants.historyWithoutMetadata === true,
    silentResume: variants.silentResume === true,
    refuseFirstResume: variants.refuseFirstResume === true,
    streamErrorEvery: streamErrorEvery(variants.streamErrorEvery),
    forwardFailures: variants.forwardFailures === true,
    heartbeatsNotActivity: variants.heartbeatsNotActivity === true,
  };
}
