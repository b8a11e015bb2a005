import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { testSigningSecret } from "./companion.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../..");

/** A `cap-chat-proxy` process, as `npx cap-chat-proxy` runs it. */
export interface CompanionProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its peak resident memory so far, in bytes (Linux's `VmHWM`). */
  peakMemoryBytes(): number;
  stop(): Promise<void>;
}

/**
 * Starts the command from source on a free loopback port with `environment` over a working
 * configuration, and resolves once it listens. It logs at `info`, one JSON line per entry.
 */
export async function startCompanionProcess(environment: Record<string, string>): Promise<CompanionProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/cli.ts"], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", SIGNING_SECRET: testSigningSecret, LOG_LEVEL: "info", ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = await new Promise<string>((found, fail) => {
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) found(match[1] as string);
    };
    child.stdout?.on("data", look);
    child.once("exit", (code) => fail(new Error(`cap-chat-proxy exited with ${code}: ${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    peakMemoryBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** One request the stand-in platform received. */
export interface PlatformCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

/** Answers a call in place of the reference server; returning false passes it on. */
export type PlatformOverride = (call: PlatformCall, response: ServerResponse) => boolean | Promise<boolean>;

/** Headers about one connection or one encoding of the body, which the stand-in sets itself. */
const hopHeaders = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/**
 * The platform as the companion process sees it: every call is recorded, then answered by `override`
 * when one is set and takes it, else passed on to the reference server. `chatUrl` and `messagingUrl`
 * are what the process is configured with.
 */
export async function startStandInPlatform(server: ReferenceServer) {
  const calls: PlatformCall[] = [];
  let override: PlatformOverride | undefined;
  const http = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const call: PlatformCall = {
      method: request.method ?? "GET",
      path: request.url ?? "/",
      headers: request.headers,
      body: text === "" ? undefined : JSON.parse(text),
    };
    calls.push(call);
    if (override && (await override(call, response))) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string" && name !== "host") headers.set(name, value);
    const answer = await fetch(`${server.url}${call.path}`, { method: call.method, headers, body: text === "" ? undefined : text });
    const passedOn = [...answer.headers].filter(([name]) => !hopHeaders.has(name));
    response.writeHead(answer.status, Object.fromEntries(passedOn));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const { accountId, projectId } = server.credentials.chat;
  return {
    chatUrl: `${url}/v1/${accountId}/${projectId}/chat`,
    messagingUrl: url,
    calls,
    /** Calls whose path ends with `suffix` (`/chat/create`, `/access-token`). */
    callsTo: (suffix: string) => calls.filter((call) => call.path.endsWith(suffix)),
    answerWith(next: PlatformOverride | undefined) {
      override = next;
    },
    async close() {
      http.closeAllConnections();
      await new Promise((done) => http.close(done));
    },
  };
}

/** The environment that points a companion process at a stand-in platform, with the reference server's credentials. */
export function platformEnvironment(
  server: ReferenceServer,
  platform: { chatUrl: string; messagingUrl: string },
  pageOrigin: string,
): Record<string, string> {
  return {
    ALLOWED_ORIGINS: pageOrigin,
    CHAT_API_URL: platform.chatUrl,
    CHAT_API_KEY: server.credentials.chat.apiKey,
    CHAT_API_TOKEN: server.credentials.chat.token,
    MESSAGING_URL: platform.messagingUrl,
    CONNECTOR_TOKEN: server.credentials.demoConnectorToken,
    CONNECTOR_HOST: "127.0.0.1",
  };
}
