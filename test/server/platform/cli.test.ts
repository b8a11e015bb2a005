import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { platformProfileNames } from "../../../demo/server/index.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../..");
const started: ChildProcess[] = [];

/** Runs the demo server's command line, as `npm start -- …` does after building, on a free port. */
function runCli(argv: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", "demo/cli.ts", ...argv], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: "0", CAP_CHAT_PLATFORM: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, output: () => output, exited };
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGTERM");
});

describe("npm start -- --platform NAME", { timeout: 20000 }, () => {
  it("prints the active profile and what it switches on", async () => {
    const run = runCli(["--platform", "replay-batches"]);
    await expect.poll(run.output, { timeout: 15000, interval: 100 }).toContain("Press Ctrl-C to stop.");
    expect(run.output()).toContain("Platform profile: replay-batches (replayBatchSize=3, replayBatchDelayMilliseconds=50)");
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });

  it("fails on an unknown profile with the list of names", async () => {
    const run = runCli(["--platform", "mystery"]);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`Unknown platform profile "mystery". Profiles: ${platformProfileNames.join(", ")}`);
  });
});
