import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const debianChromium = "/usr/bin/chromium";

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * End-to-end suite: the built bundles in real Chromium against the reference server, which the global
 * setup starts in-process on a free port. One worker, because fault controls such as refused upgrades
 * apply to the whole server.
 */
export default defineConfig<{ platform: "default" | "all-variants" }>({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [["list"]],
  globalSetup: "./e2e/support/global-setup.ts",
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Debian's Chromium when present, else the one Playwright installed (see e2e/support/ensure-chromium.mjs).
      ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
      args: chromiumArgs,
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "default" },
    {
      // The reload and mid-stream drop journeys again, against a server with every platform variant on.
      name: "all-variants",
      use: { platform: "all-variants" },
      grep: /a reload in the middle of a conversation|a socket dropped in the middle of a stream|a reload with a message in flight/,
    },
  ],
});
