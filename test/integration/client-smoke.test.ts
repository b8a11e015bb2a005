import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReferenceServer } from "../../demo/server/index.ts";
import { connectClient, finishedAgentMessages, MemoryStorage, startTestServer, summary, until } from "./support/client-harness.ts";

let server: ReferenceServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

it("smoke", async () => {
  const storage = new MemoryStorage();
  const client = connectClient(server, {}, { storage });
  await until(client, (s) => finishedAgentMessages(s).length >= 1);
  client.send("hello there");
  await until(client, (s) => finishedAgentMessages(s).length >= 2 && s.messages[1]?.status === "sent");
  console.log(JSON.stringify(summary(client.getSnapshot()), null, 1), client.diagnostics.lifecycle.map((p) => p.name));
  client.destroy();
  expect(1).toBe(1);
});
