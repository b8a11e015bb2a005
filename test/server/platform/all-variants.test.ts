import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformProfiles } from "../../../demo/server/index.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { startTestServer } from "../support/test-server.ts";
import { closeAllSockets } from "../support/test-socket.ts";
import { type ClockedServer, variantChecks } from "./variant-checks.ts";

let target: ClockedServer;

beforeAll(async () => {
  const clock = new ManualClock();
  target = { clock, server: await startTestServer({ platform: platformProfiles["all-variants"], clock, timeScale: 1 }) };
});
afterEach(async () => {
  await closeAllSockets();
});
afterAll(async () => {
  await target.server.close();
});

// Its heartbeat echo lacks id and timestamp; "no echo at all" is the one variant it cannot also show.
const shownTogether = variantChecks.filter((check) => check.profile !== "no-heartbeat-echo");

describe("the all-variants profile switches every variant on at once", { timeout: 10000 }, () => {
  it("leaves out only the absent heartbeat echo", () => {
    expect(variantChecks.length - shownTogether.length).toBe(1);
  });

  it.each(shownTogether.map((check) => [check.profile, check] as const))("%s", async (_profile, check) => {
    await check.run(target);
  });
});
