import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../../demo/server/index.ts";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const binaries = join(root, "node_modules/.bin");
const pageOrigin = "http://127.0.0.1:5173";

/** The environment without what `npm test` adds, so the nested npm behaves as in a fresh shell. */
function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...environment, ...extra };
}

let folder: string;
let tarball: string;
let installed: string;

beforeAll(async () => {
  if (!existsSync(join(root, "dist/server/cli.js")) || !existsSync(join(root, "dist/types/server/index.d.ts"))) {
    throw new Error("dist/ is not built: run `npm run build` first (npm test does)");
  }
  folder = await mkdtemp(join(tmpdir(), "cap-chat-package-"));
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", folder], {
    cwd: root,
    env: cleanEnvironment(),
  });
  tarball = join(folder, (JSON.parse(stdout) as Array<{ filename: string }>)[0]?.filename ?? "");
  installed = join(folder, "site");
  await run("mkdir", [installed]);
  await writeFile(join(installed, "package.json"), JSON.stringify({ name: "a-site", private: true, type: "module" }));
  // Offline from npm's cache where it can be (the dependencies are there after `npm ci`).
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: installed,
    env: cleanEnvironment(),
  });
}, 120_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("the packed tarball", { timeout: 60_000 }, () => {
  it("passes publint, strictly", async () => {
    const { stdout } = await run(join(binaries, "publint"), ["run", tarball, "--strict"], { cwd: root });
    expect(stdout).toContain("All good!");
  });

  it("passes Are The Types Wrong for an ESM-only package: every export resolves to its types", async () => {
    const { stdout } = await run(join(binaries, "attw"), [tarball, "--profile", "esm-only", "--format", "json"], { cwd: root });
    const report = JSON.parse(stdout) as { analysis: { entrypoints: Record<string, unknown>; problems?: unknown[] } };
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([
      ".",
      "./cap-chat.js",
      "./element",
      "./package.json",
      "./server",
      "./types/preact",
      "./types/react",
      "./types/svelte",
      "./types/vue",
      "./widget",
    ]);
  });

  it("holds the LICENSE, the README and the built files, and no sources, tests or demo", async () => {
    const { stdout } = await run("tar", ["tzf", tarball]);
    const files = stdout.split("\n").filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        "package/LICENSE",
        "package/README.md",
        "package/dist/server/cli.js",
        "package/dist/server/index.js",
        "package/dist/types/server/index.d.ts",
      ]),
    );
    expect(files.filter((file) => /^package\/(src|test|demo|e2e|dist\/demo)\//.test(file))).toEqual([]);
    const license = await readFile(join(installed, "node_modules/cap-chat/LICENSE"), "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} cap-chat contributors\n/);
    expect(await readFile(join(installed, "node_modules/cap-chat/dist/server/cli.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it("exports cap-chat/server to a site that installs it", async () => {
    const script = "const server = await import('cap-chat/server'); console.log(Object.keys(server).sort().join(' '));";
    const { stdout } = await run("node", ["--input-type=module", "-e", script], { cwd: installed });
    expect(stdout.trim()).toBe(
      "ExternalEventError MemoryRateLimitStore createChatProxy createConsoleLogger proxyDefaults sendExternalEvent toNodeHandler",
    );
  });
});

describe("npx cap-chat-proxy from the installed tarball", { timeout: 60_000 }, () => {
  let reference: ReferenceServer;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, host: "127.0.0.1", timeScale: 0.01 });
  });
  afterAll(async () => {
    if (child?.exitCode === null) child.kill("SIGKILL");
    await reference?.close();
  });

  it("refuses to start without its required variables, and says which", async () => {
    const failure = await run("npx", ["--no", "cap-chat-proxy"], { cwd: installed, env: cleanEnvironment() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("ALLOWED_ORIGINS is required") });
  });

  it("serves the Chat API and the token route against the reference server", async () => {
    const credentials = reference.credentials;
    child = spawn("npx", ["--no", "cap-chat-proxy"], {
      cwd: installed,
      env: cleanEnvironment({
        PORT: "0",
        ALLOWED_ORIGINS: pageOrigin,
        SIGNING_SECRET: "packed-tarball-test-secret-0123456789",
        CHAT_API_URL: credentials.chat.baseUrl,
        CHAT_API_KEY: credentials.chat.apiKey,
        CHAT_API_TOKEN: credentials.chat.token,
        MESSAGING_URL: reference.url,
        CONNECTOR_TOKEN: credentials.demoConnectorToken,
        CONNECTOR_HOST: "127.0.0.1",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const base = await new Promise<string>((resolvePromise, reject) => {
      child?.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolvePromise(match[1]);
      });
      child?.once("exit", (code) => reject(new Error(`cap-chat-proxy exited with ${code}: ${output}`)));
    });
    expect(output).toContain("/cap-chat/chat/{create,respond,close}, /cap-chat/access-token");

    const headers = { Origin: pageOrigin, "Content-Type": "application/json" };
    const created = await fetch(`${base}/cap-chat/chat/create`, { method: "POST", headers, body: "{}" });
    expect(created.status).toBe(200);
    const cookie = (created.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { conversation_id: handle } = (await created.json()) as { conversation_id: string };
    const responded = await fetch(`${base}/cap-chat/chat/respond`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ conversation_id: handle, message: "hi" }),
    });
    expect(responded.status).toBe(200);
    const stranger = await fetch(`${base}/cap-chat/chat/respond`, {
      method: "POST",
      headers,
      body: JSON.stringify({ conversation_id: handle, message: "hi" }),
    });
    expect(stranger.status).toBe(403);
    const token = await fetch(`${base}/cap-chat/access-token`, { method: "POST", headers, body: "{}" });
    expect(await token.json()).toEqual({ access_token: expect.any(String), expires_in: 86400 });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const exited = new Promise((resolvePromise) => child?.once("exit", resolvePromise));
    child.kill("SIGTERM");
    await exited;
    expect(output).not.toContain(credentials.chat.apiKey);
    expect(output).not.toContain(credentials.demoConnectorToken);
  });

  it("lists every variable under --help, and stops with exit code 0 on SIGTERM", async () => {
    const { stdout } = await run("npx", ["--no", "--", "cap-chat-proxy", "--help"], { cwd: installed, env: cleanEnvironment() });
    for (const name of ["ALLOWED_ORIGINS", "SIGNING_SECRET", "CHAT_API_URL", "MESSAGING_URL", "CONNECTOR_HOST", "TRUST_PROXY", "LOG_LEVEL"])
      expect(stdout).toContain(name);

    // Started without npx, whose own signal handling would hide the command's exit code.
    const direct = spawn(join(installed, "node_modules/.bin/cap-chat-proxy"), [], {
      cwd: installed,
      env: cleanEnvironment({
        PORT: "0",
        ALLOWED_ORIGINS: pageOrigin,
        SIGNING_SECRET: "packed-tarball-test-secret-0123456789",
        MESSAGING_URL: reference.url,
        CONNECTOR_TOKEN: "x",
        CONNECTOR_HOST: "127.0.0.1",
      }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = direct;
    await new Promise<void>((resolvePromise) =>
      direct.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("listening on") && resolvePromise()),
    );
    const exited = new Promise<number | null>((resolvePromise) => direct.once("exit", resolvePromise));
    direct.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
