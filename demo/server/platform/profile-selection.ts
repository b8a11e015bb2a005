import type { PlatformVariants } from "../reference-server-types.ts";
import { isPlatformProfileName, type PlatformProfileName, platformProfileNames, platformProfiles } from "./platform-profiles.ts";

/** The environment variable that names a profile when the command line does not. */
export const platformProfileVariable = "CAP_CHAT_PLATFORM";

/** The profile a command line chose, or why it could not be chosen. */
export type ProfileSelection =
  | { kind: "selected"; name: PlatformProfileName; variants: Readonly<PlatformVariants> }
  | { kind: "error"; message: string };

/**
 * Picks the platform profile from `--platform NAME` or `--platform=NAME` in `argv`, else from the
 * `CAP_CHAT_PLATFORM` environment variable, else `default`. An unknown or missing name is an error that
 * lists every name.
 */
export function selectPlatformProfile(
  argv: readonly string[],
  environment: Readonly<Record<string, string | undefined>>,
): ProfileSelection {
  let name: string | undefined = environment[platformProfileVariable] || undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === "--platform") {
      name = argv[index + 1];
      if (name === undefined || name.startsWith("--"))
        return { kind: "error", message: `--platform needs a profile name: ${platformProfileNames.join(", ")}` };
      index += 1;
    } else if (argument.startsWith("--platform=")) {
      name = argument.slice("--platform=".length);
    }
  }
  name ??= "default";
  if (!isPlatformProfileName(name)) {
    return { kind: "error", message: `Unknown platform profile "${name}". Profiles: ${platformProfileNames.join(", ")}` };
  }
  return { kind: "selected", name, variants: platformProfiles[name] };
}
