import { performance } from "node:perf_hooks";
import { startReferenceServer } from "../../../demo/server/index.ts";
import type { ChatMessage } from "../../../src/transport/conversation.ts";
import { maximum, median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { createLiveClient, hasFinishedGreeting, waitForSnapshot } from "../support/live-client.ts";

const sends = 20;
const serverTimeScale = 0.01;
const stepTimeoutMilliseconds = 5000;

/**
 * Time from `client.send` until the message shows as `sent` (the server's echo, the delivery receipt),
 * on one live connection over loopback. Each send waits for the agent's reply to finish before the next,
 * so runs do not overlap.
 */
export async function measureSendToEcho(): Promise<BenchRow[]> {
  const server = await startReferenceServer({ port: 0, host: "127.0.0.1", timeScale: serverTimeScale });
  const { client } = createLiveClient(server);
  try {
    client.start();
    await waitForSnapshot(
      client,
      (snapshot) => snapshot.connection.status === "connected" && hasFinishedGreeting(snapshot),
      stepTimeoutMilliseconds,
      "greeting",
    );
    const durations: number[] = [];
    for (let run = 0; run < sends; run++) {
      const text = `Ping number ${run}`;
      const startedAt = performance.now();
      client.send(text);
      await waitForSnapshot(
        client,
        (snapshot) => snapshot.messages.some((message) => message.role === "user" && message.text === text && message.status === "sent"),
        stepTimeoutMilliseconds,
        "echo",
      );
      durations.push(performance.now() - startedAt);
      await waitForSnapshot(client, (snapshot) => isAnswered(snapshot.messages, text), stepTimeoutMilliseconds, "reply");
    }
    const conditions = `${sends} sends, one connection, loopback, server timeScale ${serverTimeScale}`;
    return [
      figure("send to echo (median)", median(durations), "ms", conditions, 2),
      figure("send to echo (max)", maximum(durations), "ms", conditions, 2),
    ];
  } finally {
    client.destroy();
    await server.close();
  }
}

/** Whether a finished agent message follows the user message `text`. */
function isAnswered(messages: readonly ChatMessage[], text: string): boolean {
  const index = messages.findIndex((message) => message.role === "user" && message.text === text);
  return index >= 0 && messages.slice(index + 1).some((message) => message.role !== "user" && !message.streaming);
}
