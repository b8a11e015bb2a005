#!/usr/bin/env node
/**
 * `cap-chat-proxy`: serves the companion standalone, configured by environment variables (`--help`
 * lists them). `GET /healthz` answers 200 for load balancers. Stops cleanly on SIGINT and SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createChatProxy } from "./chat-proxy.ts";
import { environmentVariables, settingsFromEnvironment, type CommandSettings } from "./configuration/cli-config.ts";
import { toNodeHandler } from "./http/node-adapter.ts";
import { createConsoleLogger } from "./logging/logger.ts";

function usage(): string {
  const width = Math.max(...environmentVariables.map((variable) => variable.name.length));
  const lines = environmentVariables.map(
    (variable) =>
      `  ${variable.name.padEnd(width)}  ${variable.description}${variable.defaultValue ? ` (default ${variable.defaultValue})` : ""}`,
  );
  return ["Usage: cap-chat-proxy", "", "Serves the cap-chat server companion. Configured by environment variables:", ...lines, ""].join(
    "\n",
  );
}

/**
 * A request Node's parser refused (a malformed request line or header, headers too large) gets the
 * status Node would give it, and its connection is closed; the process goes on serving.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function main(): void {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    process.stdout.write(usage());
    return;
  }
  let settings: CommandSettings;
  let proxy: ReturnType<typeof createChatProxy>;
  try {
    settings = settingsFromEnvironment(process.env);
    proxy = createChatProxy({ ...settings.proxy, logger: createConsoleLogger(settings.logLevel) });
  } catch (error) {
    process.stderr.write(`cap-chat-proxy: ${error instanceof Error ? error.message : String(error)}\n\n${usage()}`);
    process.exitCode = 1;
    return;
  }
  const serveProxy = toNodeHandler(proxy);
  const server = createServer((request, response) => {
    if (request.url === "/healthz" && (request.method === "GET" || request.method === "HEAD")) {
      response.writeHead(200, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("ok\n");
      return;
    }
    serveProxy(request, response);
  });
  server.on("clientError", answerClientError);
  server.on("error", (error) => {
    process.stderr.write(`cap-chat-proxy: ${error.message}\n`);
    process.exitCode = 1;
  });
  server.listen(settings.port, settings.host, () => {
    const { address, port } = server.address() as AddressInfo;
    const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
    const routes = [
      ...(settings.proxy.chat ? [`${proxy.prefix}/chat/{create,respond,close}`] : []),
      ...(settings.proxy.messaging ? [`${proxy.prefix}/access-token`] : []),
      ...(settings.proxy.outbound ? [`${proxy.prefix}/callback`, `${proxy.prefix}/callback/{handle}`] : []),
      ...(settings.proxy.dni ? [`${proxy.prefix}/dni`] : []),
    ];
    process.stdout.write(`cap-chat-proxy listening on ${origin} (${routes.join(", ")})\n`);
  });
  const stop = () => {
    server.close();
    server.closeIdleConnections();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main();
