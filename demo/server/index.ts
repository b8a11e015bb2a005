/** The reference platform server: start it in-process, or run `cli.ts` for the demo. */
export { startReferenceServer } from "./reference-server.ts";
export { TRIGGER_PHRASES, type TriggerPhrase } from "./agent/trigger-phrases.ts";
export { platformProfiles, platformProfileNames, type PlatformProfileName } from "./platform/platform-profiles.ts";
export type * from "./reference-server-types.ts";
