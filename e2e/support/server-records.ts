/** What the reference server records of one session, read through its fault endpoint. */
export interface SessionRecord {
  storedEvents: { type: string; payload: Record<string, unknown> }[];
  receivedUserMessages: { text: string; clientEventId?: string }[];
  openSocketCount: number;
}

/** The ids of every session the server holds now. */
export async function sessionIds(serverUrl: string): Promise<string[]> {
  return ((await (await fetch(`${serverUrl}/__faults/sessions`)).json()) as { sessionIds: string[] }).sessionIds;
}

/** The sessions created from now on (the server keeps those of earlier tests). */
export async function newSessions(serverUrl: string): Promise<() => Promise<string[]>> {
  const before = new Set(await sessionIds(serverUrl));
  return async () => (await sessionIds(serverUrl)).filter((id) => !before.has(id));
}

/** The server's record of `sessionId`: its stored events, the user messages it received, its open sockets. */
export async function inspect(serverUrl: string, sessionId: string): Promise<SessionRecord> {
  return (await (await fetch(`${serverUrl}/__faults/inspect/${encodeURIComponent(sessionId)}`)).json()) as SessionRecord;
}
