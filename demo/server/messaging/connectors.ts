/**
 * A connector as the platform registers it: a token, and the web host names or the app namespace its
 * access tokens may be issued for. `registration` is absent for a connector configured without a host.
 */
export interface Connector {
  id: string;
  token: string;
  registration?: { kind: "web"; hosts: readonly string[] } | { kind: "app"; namespace: string };
}

/** Looks connectors up by their token or id. */
export class ConnectorDirectory {
  private readonly byToken = new Map<string, Connector>();
  private readonly byId = new Map<string, Connector>();

  constructor(connectors: readonly Connector[]) {
    for (const connector of connectors) {
      this.byToken.set(connector.token, connector);
      this.byId.set(connector.id, connector);
    }
  }

  /** The connector whose token this is, if any. */
  findByToken(token: string): Connector | undefined {
    return this.byToken.get(token);
  }

  /** The connector with this id, if any. */
  findById(id: string): Connector | undefined {
    return this.byId.get(id);
  }
}
