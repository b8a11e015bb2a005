import { afterAll, beforeAll } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { createChatProxy, type ChatProxy, type ChatProxyConfig, type ChatProxyLogEntry } from "../../../src/server/index.ts";
import { startTestServer } from "../../server/support/test-server.ts";
import { pageOrigin } from "./browser-visitor.ts";

/** The signing secret of the tests' companions. */
export const testSigningSecret = "test-signing-secret-0123456789abcdef";

/** Starts one reference server for the file (handed to `receive`) and closes it after the last test. */
export function useReferenceServer(receive: (server: ReferenceServer) => void): void {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    receive(server);
  });
  afterAll(async () => {
    await server?.close();
  });
}

/**
 * A companion in front of `server`'s Chat API, token endpoint, Outbound Calling (the site's calling code
 * +44) and DNI, with its log entries collected.
 */
export function startCompanion(
  server: ReferenceServer,
  overrides: Partial<ChatProxyConfig> = {},
): { proxy: ChatProxy; logs: ChatProxyLogEntry[] } {
  const logs: ChatProxyLogEntry[] = [];
  const proxy = createChatProxy({
    allowedOrigins: [pageOrigin],
    signingSecret: testSigningSecret,
    chat: { url: server.credentials.chat.baseUrl, apiKey: server.credentials.chat.apiKey, token: server.credentials.chat.token },
    messaging: { url: server.url, connectorToken: server.credentials.demoConnectorToken, host: "127.0.0.1" },
    outbound: { ...server.credentials.outbound, callingCode: "+44" },
    dni: server.credentials.dni,
    logger: (entry) => logs.push(entry),
    ...overrides,
  });
  return { proxy, logs };
}
