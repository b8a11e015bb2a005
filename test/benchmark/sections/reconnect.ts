import { performance } from "node:perf_hooks";
import { startReferenceServer } from "../../../demo/server/index.ts";
import { maximum, median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { createLiveClient, hasFinishedGreeting, newSessionId, waitForSnapshot } from "../support/live-client.ts";

/** Drops per variant; each uses a fresh client so every drop is the lifecycle's first attempt. */
const dropsPerVariant = 10;
/** The server's timer scale: the greeting (not timed here) is over in milliseconds. */
const serverTimeScale = 0.01;
const stepTimeoutMilliseconds = 8000;

/**
 * Time from a dropped socket until the client is `connected` again, once waiting out the reconnect
 * policy, once with the wake signal (`online`) raised as soon as the client has noticed the drop. Each run
 * starts a client, waits for the greeting, drops the session's sockets through the fault controls and
 * times the way back to `connected`.
 */
export async function measureReconnect(): Promise<BenchRow[]> {
  const server = await startReferenceServer({ port: 0, host: "127.0.0.1", timeScale: serverTimeScale });
  try {
    const waited: number[] = [];
    const woken: number[] = [];
    for (let run = 0; run < dropsPerVariant; run++) waited.push(await timeOneReconnect(server, false));
    for (let run = 0; run < dropsPerVariant; run++) woken.push(await timeOneReconnect(server, true));
    const conditions = `${dropsPerVariant} drops, fresh client each, loopback, server timeScale ${serverTimeScale}`;
    return [
      figure("reconnect after drop (median)", median(waited), "ms", `${conditions}; policy waits 1 s ±20 % before the first retry`, 1),
      figure("reconnect after drop (max)", maximum(waited), "ms", conditions, 1),
      figure(
        "reconnect after drop + online wake (median)",
        median(woken),
        "ms",
        `${conditions}; online raised once the client left connected`,
        1,
      ),
      figure("reconnect after drop + online wake (max)", maximum(woken), "ms", conditions, 1),
    ];
  } finally {
    await server.close();
  }
}

async function timeOneReconnect(server: Awaited<ReturnType<typeof startReferenceServer>>, wakeAtOnce: boolean): Promise<number> {
  const known = new Set(server.inspect.sessionIds());
  const { client, wake } = createLiveClient(server);
  try {
    client.start();
    await waitForSnapshot(
      client,
      (snapshot) => snapshot.connection.status === "connected" && hasFinishedGreeting(snapshot),
      stepTimeoutMilliseconds,
      "greeting",
    );
    const sessionId = newSessionId(server, known);
    const left = waitForSnapshot(
      client,
      (snapshot) => snapshot.connection.status !== "connected",
      stepTimeoutMilliseconds,
      "noticing the drop",
    );
    const startedAt = performance.now();
    server.faults.dropSockets(sessionId);
    await left;
    if (wakeAtOnce) wake("online");
    await waitForSnapshot(client, (snapshot) => snapshot.connection.status === "connected", stepTimeoutMilliseconds, "reconnecting");
    return performance.now() - startedAt;
  } finally {
    client.destroy();
  }
}
