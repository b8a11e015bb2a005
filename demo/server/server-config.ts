import { resolve } from "node:path";
import { limits } from "../../src/protocol/index.ts";
import { systemClock } from "./clock.ts";
import { type PlatformBehaviour, resolvePlatformBehaviour } from "./platform/platform-behaviour.ts";
import type { Mount, PlatformVariants, ReferenceServerOptions, ServerClock } from "./reference-server-types.ts";

/** Every duration the server uses, already scaled, in milliseconds. */
export interface ServerTimings {
  /** No client frame for this long abandons a session. */
  sessionIdle: number;
  /** The idle warning goes out when this much of the idle time has passed. */
  idleWarning: number;
  /** Pause between two streamed chunks. */
  chunkInterval: number;
  /** How long the service agent "thinks" before answering. */
  thinking: number;
  /** Pause between two consecutive agent events of a scripted sequence. */
  step: number;
  /** Interval between two queue status updates of a handoff. */
  queueStep: number;
  /** How long the simulated live agent types before its message arrives. */
  liveAgentTyping: number;
  /** How long an outbound call stays `queued`, then `calling`, when no script says otherwise. */
  callQueued: number;
  callCalling: number;
  /** How long a call's status stays readable after it ends (about 2 hours at full scale). */
  callRetention: number;
  /** How long a DNI reservation holds its number. */
  dniWindow: number;
}

/** The server's options after defaults and `timeScale` are applied. */
export interface ServerConfig {
  host: string;
  port: number;
  timeScale: number;
  timings: ServerTimings;
  staticRoot: string | undefined;
  distRoot: string | undefined;
  publicRoot: string;
  exposeFaultEndpoint: boolean;
  tokenSecret: string | undefined;
  /** The variants as given, for `ReferenceServer.platform`. */
  platformVariants: Readonly<PlatformVariants>;
  platform: PlatformBehaviour;
  mounts: readonly Mount[];
  clock: ServerClock;
}

/** The repository's `public/` folder: the demo agent's avatars and images. */
export const defaultPublicRoot = resolve(import.meta.dirname, "../../public");

/** A mount prefix must be a path of its own: `/name` or `/a/b`, no trailing slash, query or dot segment. */
const mountPrefix = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/** Fraction of the idle expiry after which `SESSION_IDLE_WARNING` is sent (a minute early at full scale). */
export const idleWarningFraction = 0.9;

const loopbackHosts = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * Resolves options into a config. Refuses a non-loopback `host` and a non-positive `timeScale`, so the
 * reference server can never be exposed beyond the machine or run timers in a busy loop, and refuses
 * platform variants or mount prefixes that could not mean anything.
 */
export function resolveServerConfig(options: ReferenceServerOptions): ServerConfig {
  const host = options.host ?? "127.0.0.1";
  if (!loopbackHosts.has(host)) throw new Error(`The reference server binds to loopback only, not ${host}`);
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new Error("timeScale must be a positive number");
  const scaled = (milliseconds: number) => milliseconds * timeScale;
  const sessionIdle = options.sessionIdleMilliseconds ?? scaled(limits.sessionIdleExpiryMilliseconds);
  const mounts = options.mounts ?? [];
  for (const mount of mounts) {
    if (!mountPrefix.test(mount.prefix)) throw new Error(`A mount prefix looks like /companion, not ${mount.prefix}`);
  }
  const platformVariants = structuredClone(options.platform ?? {});
  return {
    host,
    port: options.port ?? 0,
    timeScale,
    timings: {
      sessionIdle,
      idleWarning: sessionIdle * idleWarningFraction,
      chunkInterval: options.chunkIntervalMilliseconds ?? scaled(40),
      thinking: scaled(700),
      step: scaled(400),
      queueStep: scaled(2000),
      liveAgentTyping: scaled(1500),
      callQueued: scaled(3000),
      callCalling: scaled(6000),
      callRetention: scaled(2 * 60 * 60 * 1000),
      dniWindow: scaled(15 * 60 * 1000),
    },
    staticRoot: options.staticRoot,
    distRoot: options.distRoot,
    publicRoot: options.publicRoot ?? defaultPublicRoot,
    exposeFaultEndpoint: options.exposeFaultEndpoint ?? false,
    tokenSecret: options.tokenSecret,
    platformVariants,
    platform: resolvePlatformBehaviour(platformVariants, timeScale),
    mounts,
    clock: options.clock ?? systemClock,
  };
}
