import type { Connector } from "./connectors.ts";

/**
 * Reduces an `X-Host` value to a lower-case host name: a scheme, a path, a port, IPv6 brackets and a
 * trailing dot are dropped, so `https://App.Example.com:8443/x` becomes `app.example.com`.
 */
export function normalizeHostName(value: string): string {
  let host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  host = host.replace(/[/?#].*$/, "").replace(/^[^@]*@/, "");
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end > 0 ? host.slice(1, end) : host;
  }
  return host.replace(/:\d*$/, "").replace(/\.$/, "");
}

const ipAddress = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+:[0-9a-f:]*)$/;

/**
 * Whether `requestedHost` (an `X-Host` value) may use a connector registered to `registeredHost`,
 * comparing host names only: the same host name, or any subdomain of it; never a look-alike such as
 * `evil-example.com` or `example.com.evil.net`. An IP address matches only itself.
 */
export function webHostMatches(registeredHost: string, requestedHost: string): boolean {
  const registered = normalizeHostName(registeredHost);
  const requested = normalizeHostName(requestedHost);
  if (registered === "" || requested === "") return false;
  if (requested === registered) return true;
  if (ipAddress.test(registered)) return false;
  return requested.endsWith(`.${registered}`) && !requested.startsWith(".");
}

/** The outcome of checking `X-Host` against a connector's registration. */
export type HostCheck = "accepted" | "mismatch" | "no-host";

/**
 * Checks `X-Host` against the connector: web connectors by host name (see `webHostMatches`), app
 * connectors by exact namespace, and a connector with no registration always answers `no-host`.
 */
export function checkConnectorHost(connector: Connector, requestedHost: string): HostCheck {
  const registration = connector.registration;
  if (!registration) return "no-host";
  if (registration.kind === "app") return requestedHost.trim() === registration.namespace ? "accepted" : "mismatch";
  return registration.hosts.some((host) => webHostMatches(host, requestedHost)) ? "accepted" : "mismatch";
}
