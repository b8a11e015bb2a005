import { performance } from "node:perf_hooks";
import { startReferenceServer } from "../../../demo/server/index.ts";
import { maximum, median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { createLiveClient, hasFinishedGreeting, waitForSnapshot } from "../support/live-client.ts";

/** Runs per server time scale: the real pacing is slow, so it gets fewer runs. */
const scales = [
  { timeScale: 1, runs: 5 },
  { timeScale: 0.01, runs: 10 },
] as const;
const timeoutMilliseconds = 10000;

/**
 * Time from `client.start()` to the agent's first message on loopback: when its first part shows (the
 * first chunk when streamed) and when it is whole. Each run is a fresh client and session. At time scale 1
 * the demo agent's own thinking pause (700 ms) and chunk pacing dominate.
 */
export async function measureFirstGreeting(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { timeScale, runs } of scales) {
    const server = await startReferenceServer({ port: 0, host: "127.0.0.1", timeScale });
    try {
      const firstShown: number[] = [];
      const whole: number[] = [];
      for (let run = 0; run < runs; run++) {
        const { client } = createLiveClient(server);
        try {
          const startedAt = performance.now();
          client.start();
          await waitForSnapshot(
            client,
            (snapshot) => snapshot.messages.some((message) => message.role === "agent"),
            timeoutMilliseconds,
            "first greeting",
          );
          firstShown.push(performance.now() - startedAt);
          await waitForSnapshot(client, hasFinishedGreeting, timeoutMilliseconds, "whole greeting");
          whole.push(performance.now() - startedAt);
        } finally {
          client.destroy();
        }
      }
      const pacing = timeScale === 1 ? "demo agent thinks 700 ms first, chunks every 40 ms" : "agent pauses scaled to 7 ms";
      const notes = `${runs} runs, fresh session each, server timeScale ${timeScale} (${pacing})`;
      rows.push(
        figure(
          `first greeting shown, timeScale ${timeScale} (median)`,
          median(firstShown),
          "ms",
          `${notes}; max ${maximum(firstShown).toFixed(1)} ms`,
          1,
        ),
      );
      rows.push(
        figure(
          `first greeting whole, timeScale ${timeScale} (median)`,
          median(whole),
          "ms",
          `${notes}; max ${maximum(whole).toFixed(1)} ms`,
          1,
        ),
      );
    } finally {
      await server.close();
    }
  }
  return rows;
}
