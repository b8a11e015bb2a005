import type { Connector } from "./messaging/connectors.ts";
import type { DemoCredentials } from "./reference-server-types.ts";

/**
 * The fixed, readable demo credentials. `demo-connector-token` is the one the demo pages use: it is
 * registered to both loopback names, because a page at `http://127.0.0.1:8787` sends `127.0.0.1` as
 * `X-Host` and one at `http://localhost:8787` sends `localhost`. The others exist for tests of host
 * matching (`example.com` and its subdomains), app namespaces, a connector without a host, and a second
 * web connector whose tokens must not open the first one's sessions.
 */
export const demoConnectors: readonly Connector[] = [
  { id: "connector-demo", token: "demo-connector-token", registration: { kind: "web", hosts: ["127.0.0.1", "localhost"] } },
  { id: "connector-example", token: "example-connector-token", registration: { kind: "web", hosts: ["example.com"] } },
  { id: "connector-app", token: "app-connector-token", registration: { kind: "app", namespace: "com.example.capchat" } },
  { id: "connector-hostless", token: "hostless-connector-token" },
  { id: "connector-other", token: "other-connector-token", registration: { kind: "web", hosts: ["other.example.org"] } },
];

/** The Chat API account the reference server answers for. */
export const demoChatAccount = {
  accountId: "demo-account",
  projectId: "demo-project",
  apiKey: "demo-api-key",
  token: "demo-chat-token",
} as const;

/**
 * The keys of the platform's other doors: Outbound Calling's service token, the DNI key (tied to the demo
 * agent) and the External Events key, each good for its own door only.
 */
export const demoVoiceDoorKeys = {
  serviceAuthToken: "demo-service-auth-token",
  dniApiKey: "demo-dni-api-key",
  externalEventsApiKey: "demo-external-events-key",
} as const;

/** The credentials a running server at `url` hands to its callers. */
export function demoCredentials(url: string): DemoCredentials {
  return {
    connectorToken: "example-connector-token",
    registeredHost: "example.com",
    demoConnectorToken: "demo-connector-token",
    demoHosts: ["127.0.0.1", "localhost"],
    appConnectorToken: "app-connector-token",
    appNamespace: "com.example.capchat",
    hostlessConnectorToken: "hostless-connector-token",
    otherConnectorToken: "other-connector-token",
    otherRegisteredHost: "other.example.org",
    chat: {
      ...demoChatAccount,
      baseUrl: `${url}/v1/${demoChatAccount.accountId}/${demoChatAccount.projectId}/chat`,
    },
    outbound: { url, serviceAuthToken: demoVoiceDoorKeys.serviceAuthToken },
    dni: { url, apiKey: demoVoiceDoorKeys.dniApiKey },
    externalEvents: {
      url,
      apiKey: demoVoiceDoorKeys.externalEventsApiKey,
      accountId: demoChatAccount.accountId,
      projectId: demoChatAccount.projectId,
    },
  };
}
