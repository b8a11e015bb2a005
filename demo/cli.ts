import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { TRIGGER_PHRASES } from "./server/agent/trigger-phrases.ts";
import { describePlatformVariants } from "./server/platform/platform-profiles.ts";
import { selectPlatformProfile } from "./server/platform/profile-selection.ts";
import { companionPrefix, startDemo } from "./site/start-demo.ts";

const repositoryRoot = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${process.env.PORT}`);
  process.exit(1);
}

const profile = selectPlatformProfile(process.argv.slice(2), process.env);
if (profile.kind === "error") {
  console.error(profile.message);
  process.exit(1);
}

const distRoot = resolve(repositoryRoot, "dist");
const server = await startDemo({
  port,
  staticRoot: resolve(repositoryRoot, "demo/pages"),
  distRoot,
  platform: profile.variants,
});
const { credentials } = server;

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// The handlers are in place before the ready line: whoever reads it may stop the server at once.
const lines = [
  `cap-chat reference server listening on ${server.url}`,
  `Demo pages: open ${server.url}/ in a browser${existsSync(distRoot) ? "" : " (run `npm run build` first so /dist/ exists)"}`,
  `Platform profile: ${profile.name} (${describePlatformVariants(profile.variants)}); choose another with --platform NAME`,
  "",
  "Messaging API",
  `  URL (messagingUrl)        ${server.url}`,
  `  demo connector token      ${credentials.demoConnectorToken}   (X-Host: ${credentials.demoHosts.join(" or ")})`,
  `  example connector token   ${credentials.connectorToken}   (X-Host: ${credentials.registeredHost} and its subdomains)`,
  `  app connector token       ${credentials.appConnectorToken}   (X-Host: ${credentials.appNamespace})`,
  `  other connector token     ${credentials.otherConnectorToken}   (X-Host: ${credentials.otherRegisteredHost})`,
  `  hostless connector token  ${credentials.hostlessConnectorToken}   (no host configured)`,
  "",
  "Chat API",
  `  base URL (chatUrl)        ${credentials.chat.baseUrl}`,
  `  account / project         ${credentials.chat.accountId} / ${credentials.chat.projectId}`,
  `  X-API-KEY                 ${credentials.chat.apiKey}`,
  `  X-TOKEN                   ${credentials.chat.token}`,
  "",
  "Outbound Calling, DNI and External Events (base URL the same)",
  `  X-Service-Auth-Token      ${credentials.outbound.serviceAuthToken}`,
  `  DNI x-api-key             ${credentials.dni.apiKey}`,
  `  External Events X-Api-Key ${credentials.externalEvents.apiKey}   (account ${credentials.externalEvents.accountId}, project ${credentials.externalEvents.projectId})`,
  "",
  "The demo site's server companion (holds the Chat API secrets and the connector token; the pages hold none)",
  `  Chat API proxy (chatUrl)  ${server.url}${companionPrefix}/chat`,
  `  access tokens (tokenUrl)  ${server.url}${companionPrefix}/access-token`,
  "",
  "Things to type to the demo agent:",
  ...TRIGGER_PHRASES.map((trigger) => `  ${trigger.phrases.join(" / ").padEnd(40)} ${trigger.description}`),
  "",
  "Press Ctrl-C to stop.",
];
console.log(lines.join("\n"));
