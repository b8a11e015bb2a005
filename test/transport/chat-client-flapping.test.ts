import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { FakePlatform, phases, recordConnections, transcript, useFakePlatform } from "./support/fake-platform.ts";

// On a flapping network every reconnect gets through and is dropped again soon after: the waits and the
// budget count failures in a row to get through, not drops.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const untilLive = ["connecting", "replaying", "live"];

/** The waits the client announced, as [attempt, milliseconds]. */
const waitsOf = (connections: ReturnType<typeof recordConnections>) =>
  connections.filter((record) => record.status === "reconnecting").map((record) => [record.attempt, record.wait]);

describe("a flapping network", () => {
  it("waits the first step after each of twelve drops in a minute when each reconnect delivered a live frame, and fails nothing", async () => {
    const client = platform.client();
    const connections = recordConnections(client);
    await vi.advanceTimersByTimeAsync(50);
    const firstDrop = Date.now();
    for (let drop = 1; drop <= 12; drop += 1) {
      platform.dropSockets();
      await vi.advanceTimersByTimeAsync(1100);
      platform.emit(platform.session, EventType.ServiceAgentMessage, { message_id: `reply-${drop}`, text: `part ${drop}` });
      await vi.advanceTimersByTimeAsync(2900);
    }
    expect(Date.now() - firstDrop).toBeLessThan(60_000);
    expect(waitsOf(connections)).toEqual(Array.from({ length: 12 }, () => [1, 1000]));
    expect(phases(client).slice(3)).toEqual([...untilLive, ...Array.from({ length: 12 }, () => ["reconnecting#1", ...untilLive]).flat()]);
    expect(transcript(client)).toEqual(["agent:Hello!", ...Array.from({ length: 12 }, (_, index) => `agent:part ${index + 1}`)]);
    client.destroy();
  });

  it.each([
    ["nothing", true],
    ["only its replay", false],
  ])("still backs off and spends the budget when the platform drops every socket at once, having sent %s", async (_, withheld) => {
    const client = platform.client();
    const connections = recordConnections(client);
    await vi.advanceTimersByTimeAsync(50);
    platform.withholdReplay = withheld;
    platform.dropOnOpen = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(waitsOf(connections)).toEqual(
      [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000].map((wait, index) => [index + 1, wait]),
    );
    const reached = withheld ? ["connecting", "replaying"] : untilLive;
    const attempts = Array.from({ length: 10 }, (_, index) => [`reconnecting#${index + 1}`, ...reached]).flat();
    expect(phases(client).slice(3)).toEqual([...untilLive, ...attempts, "failed"]);
    const connection = client.getSnapshot().connection;
    expect(connection.status === "failed" && connection.error).toEqual({
      kind: "budget-exhausted",
      code: "reconnect-budget-spent",
      parameters: { attempts: 10 },
    });
    client.destroy();
  });
});
