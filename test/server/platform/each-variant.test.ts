import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformProfiles } from "../../../demo/server/index.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { startTestServer } from "../support/test-server.ts";
import { closeAllSockets } from "../support/test-socket.ts";
import { type ClockedServer, variantChecks } from "./variant-checks.ts";

afterEach(async () => {
  await closeAllSockets();
});

describe.each(variantChecks.map((check) => [check.profile, check] as const))("the %s profile", { timeout: 10000 }, (profile, check) => {
  let target: ClockedServer;
  beforeAll(async () => {
    const clock = new ManualClock();
    target = { clock, server: await startTestServer({ platform: platformProfiles[profile], clock, timeScale: 1 }) };
  });
  afterAll(async () => {
    await target.server.close();
  });

  it(`shows that ${check.shows}`, async () => {
    await check.run(target);
  });
});

describe("the default decisions", { timeout: 10000 }, () => {
  let target: ClockedServer;
  beforeAll(async () => {
    const clock = new ManualClock();
    target = { clock, server: await startTestServer({ clock, timeScale: 1 }) };
  });
  afterAll(async () => {
    await target.server.close();
  });

  it.each(variantChecks.map((check) => [check.profile, check] as const))("fail the check of %s", async (_profile, check) => {
    await expect(check.run(target)).rejects.toThrow();
  });
});
