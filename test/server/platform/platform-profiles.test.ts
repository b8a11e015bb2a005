import { describe, expect, it } from "vitest";
import { type PlatformProfileName, platformProfileNames, platformProfiles } from "../../../demo/server/index.ts";
import { resolvePlatformBehaviour } from "../../../demo/server/platform/platform-behaviour.ts";
import { describePlatformVariants } from "../../../demo/server/platform/platform-profiles.ts";
import { selectPlatformProfile } from "../../../demo/server/platform/profile-selection.ts";
import type { PlatformVariants } from "../../../demo/server/reference-server-types.ts";

/** Every switch of `PlatformVariants`: naming each here makes a new switch fail this file until it has a profile. */
const everySwitch: readonly (keyof PlatformVariants)[] = [
  "batchWithoutId",
  "replayBatchSize",
  "replayBatchDelayMilliseconds",
  "skippingSequences",
  "assembledHistory",
  "heartbeatEcho",
  "sessionBoundTokens",
  "idleCloseWithoutEnd",
  "tokenExpirySeconds",
  "chatTimeoutSeconds",
  "zeroCapabilities",
  "refuseSecondJoin",
  "historyWithoutMetadata",
  "silentResume",
  "refuseFirstResume",
  "streamErrorEvery",
  "forwardFailures",
  "heartbeatsNotActivity",
] satisfies readonly (keyof Required<PlatformVariants>)[];

const singleVariantProfiles = platformProfileNames.filter((name) => name !== "default" && name !== "all-variants");

describe("platform profiles", () => {
  it("names every profile in kebab-case, with the default decisions first and all variants last", () => {
    for (const name of platformProfileNames) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(platformProfileNames[0]).toBe("default");
    expect(platformProfileNames.at(-1)).toBe("all-variants");
    expect(platformProfiles.default).toEqual({});
  });

  it("switches on one variant in each single-variant profile, and every switch in one of them", () => {
    const switched = singleVariantProfiles.flatMap((name) => Object.keys(platformProfiles[name]));
    expect(new Set(switched)).toEqual(new Set(everySwitch));
    for (const name of singleVariantProfiles) {
      const keys = Object.keys(platformProfiles[name]);
      expect(keys.length === 1 || keys.every((key) => key.startsWith("replayBatch")), name).toBe(true);
    }
    expect(platformProfiles["heartbeat-echo-without-id"]).toEqual({ heartbeatEcho: "without-id" });
    expect(platformProfiles["no-heartbeat-echo"]).toEqual({ heartbeatEcho: "none" });
  });

  it("switches every variant on in all-variants, with the same values as the single profiles and the echo without id", () => {
    const merged = Object.assign({}, ...singleVariantProfiles.map((name) => platformProfiles[name]), { heartbeatEcho: "without-id" });
    expect(platformProfiles["all-variants"]).toEqual(merged);
  });

  it("uses small batches with short pauses, and expiries of a few minutes", () => {
    expect(platformProfiles["replay-batches"]).toEqual({ replayBatchSize: 3, replayBatchDelayMilliseconds: 50 });
    expect(platformProfiles["token-expiry"].tokenExpirySeconds).toBeGreaterThanOrEqual(60);
    expect(platformProfiles["token-expiry"].tokenExpirySeconds).toBeLessThanOrEqual(600);
    expect(platformProfiles["chat-timeout"].chatTimeoutSeconds).toBeGreaterThanOrEqual(60);
    expect(platformProfiles["chat-timeout"].chatTimeoutSeconds).toBeLessThanOrEqual(600);
  });

  it("describes a profile in one line", () => {
    expect(describePlatformVariants(platformProfiles.default)).toBe("the default decisions, no variant");
    expect(describePlatformVariants(platformProfiles["replay-batches"])).toBe("replayBatchSize=3, replayBatchDelayMilliseconds=50");
    expect(describePlatformVariants(platformProfiles["zero-capabilities"])).toBe("zeroCapabilities");
  });
});

describe("choosing a profile on the command line", () => {
  const chosen = (argv: string[], environment: Record<string, string> = {}): PlatformProfileName | string => {
    const selection = selectPlatformProfile(argv, environment);
    return selection.kind === "selected" ? selection.name : `error: ${selection.message}`;
  };

  it("takes --platform NAME or --platform=NAME, else the environment variable, else default", () => {
    expect(chosen([])).toBe("default");
    expect(chosen(["--platform", "all-variants"])).toBe("all-variants");
    expect(chosen(["--platform=skipping-sequences"])).toBe("skipping-sequences");
    expect(chosen([], { CAP_CHAT_PLATFORM: "token-expiry" })).toBe("token-expiry");
    expect(chosen(["--platform", "chat-timeout"], { CAP_CHAT_PLATFORM: "token-expiry" })).toBe("chat-timeout");
    expect(chosen([], { CAP_CHAT_PLATFORM: "" })).toBe("default");
  });

  it("hands out the profile's own variants", () => {
    const selection = selectPlatformProfile(["--platform", "all-variants"], {});
    expect(selection.kind === "selected" && selection.variants).toBe(platformProfiles["all-variants"]);
  });

  it.each([[["--platform", "nope"]], [["--platform=constructor"]], [["--platform"]], [["--platform", "--port"]]])(
    "refuses %j with the list of profiles",
    (argv) => {
      const selection = selectPlatformProfile(argv, {});
      expect(selection.kind).toBe("error");
      if (selection.kind === "error") expect(selection.message).toContain(platformProfileNames.join(", "));
    },
  );
});

describe("platform behaviour", () => {
  it("scales every duration by timeScale, while expires_in keeps the unscaled seconds", () => {
    const behaviour = resolvePlatformBehaviour(platformProfiles["all-variants"], 0.01);
    expect(behaviour.replayBatchPause).toBeCloseTo(0.5);
    expect(behaviour.tokenLifetime).toEqual({ expiresInSeconds: 180, milliseconds: 1800 });
    expect(behaviour.chatTimeout).toBeCloseTo(1200);
  });

  it("keeps the default decisions when no variant is given", () => {
    expect(resolvePlatformBehaviour({}, 0.01)).toEqual({
      batchWithoutId: false,
      replayBatchSize: undefined,
      replayBatchPause: 0,
      skippingSequences: false,
      assembledHistory: false,
      heartbeatEcho: "full",
      sessionBoundTokens: false,
      idleCloseWithoutEnd: false,
      tokenLifetime: { expiresInSeconds: 86400, milliseconds: 86_400_000 },
      chatTimeout: undefined,
      zeroCapabilities: false,
      refuseSecondJoin: false,
      historyWithoutMetadata: false,
      silentResume: false,
      refuseFirstResume: false,
      streamErrorEvery: undefined,
      forwardFailures: false,
      heartbeatsNotActivity: false,
    });
  });

  it.each([
    [{ replayBatchSize: 0 }],
    [{ replayBatchSize: 2.5 }],
    [{ replayBatchDelayMilliseconds: -1 }],
    [{ heartbeatEcho: "sometimes" as "none" }],
    [{ tokenExpirySeconds: 0 }],
    [{ chatTimeoutSeconds: Number.NaN }],
    [{ streamErrorEvery: 0 }],
  ])("refuses the meaningless %j", (variants) => {
    expect(() => resolvePlatformBehaviour(variants, 1)).toThrow(/^platform\./);
  });
});
