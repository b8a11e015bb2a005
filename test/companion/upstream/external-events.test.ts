import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { ExternalEventError, sendExternalEvent, type ChatProxyLogEntry, type ExternalEventsConfig } from "../../../src/server/index.ts";
import { BrowserVisitor } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

/** The site's configuration for its workflows, with the log collected. */
function workflowConfig(overrides: Partial<ExternalEventsConfig> = {}): ExternalEventsConfig & { logs: ChatProxyLogEntry[] } {
  const logs: ChatProxyLogEntry[] = [];
  return { externalEvents: server.credentials.externalEvents, logger: (entry) => logs.push(entry), logs, ...overrides };
}

/** A Chat API conversation through the companion that asked the agent for a booking: its event id, and a way to read the next answer. */
async function bookingConversation() {
  const visitor = new BrowserVisitor(startCompanion(server).proxy);
  const handle = await visitor.startConversation();
  const offer = await visitor.respond(handle, "I'd like to book a table");
  const link = /\((http[^)]*event_id=[^)]*)\)/.exec(offer.body.response as string)?.[1];
  const eventId = new URL(link ?? "").searchParams.get("event_id") as string;
  return { eventId, nextAnswer: async () => (await visitor.respond(handle, "anything?")).body.response as string };
}

/** What the platform received for `eventId`. */
function received(eventId: string) {
  return server.inspect.externalEvents().find((event) => event.eventId === eventId)?.received ?? [];
}

async function rejection(promise: Promise<unknown>): Promise<ExternalEventError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ExternalEventError)) throw new Error(`expected an ExternalEventError, got ${String(error)}`);
  return error;
}

describe("sendExternalEvent", { timeout: 15_000 }, () => {
  it("puts the event id into a copy of a JSON payload, the platform binds it to the conversation, and the agent goes on there", async () => {
    const { eventId, nextAnswer } = await bookingConversation();
    const payload = { booking: { guests: 2, date: "Saturday", time: "13:00" } };
    const config = workflowConfig();
    await sendExternalEvent(config, { eventId, payload, path: "booking.event_id" });
    expect(payload).toEqual({ booking: { guests: 2, date: "Saturday", time: "13:00" } });
    expect(received(eventId)).toEqual([
      { contentType: "application/json", text: JSON.stringify({ booking: { ...payload.booking, event_id: eventId } }) },
    ]);
    expect(await nextAnswer()).toMatch(/^You're booked: your table for 2 on Saturday at 13:00 is confirmed\./);
    expect(config.logs.map((entry) => entry.event)).toEqual(["external-event-sent"]);
  });

  it("sends a form, XML and plain text, with the event id in the payload, the query string or a header", async () => {
    const cases = [
      { payload: new URLSearchParams({ guests: "3" }), expected: "application/x-www-form-urlencoded" },
      {
        payload: "<booking><guests>4</guests></booking>",
        contentType: "application/xml" as const,
        location: "headers" as const,
        expected: "application/xml",
      },
      { payload: "booked", expected: "text/plain" },
      { payload: { guests: 5 }, location: "querystring" as const, path: "ref", expected: "application/json" },
    ];
    for (const { expected, ...event } of cases) {
      const { eventId } = await bookingConversation();
      await sendExternalEvent(workflowConfig(), { eventId, ...event });
      expect(received(eventId).map((body) => body.contentType)).toEqual([expected]);
    }
    const { eventId } = await bookingConversation();
    await sendExternalEvent(workflowConfig(), { eventId, payload: new URLSearchParams({ guests: "3" }) });
    expect(received(eventId)[0]?.text).toBe(`guests=3&event_id=${eventId}`);
  });

  it("rejects with invalid-event (400) for an id no conversation issued, which no retry can help", async () => {
    const error = await rejection(sendExternalEvent(workflowConfig(), { eventId: "EV-00000000-0000-0000-0000-000000000000", payload: {} }));
    expect(error).toMatchObject({ code: "invalid-event", status: 400, transient: false });
    expect(error.message).toContain("no conversation issued it");
  });

  it("rejects with rejected-credentials for a wrong key or another project, never naming the key", async () => {
    const { eventId } = await bookingConversation();
    const config = workflowConfig({ externalEvents: { ...server.credentials.externalEvents, apiKey: "a-wrong-events-key" } });
    const error = await rejection(sendExternalEvent(config, { eventId, payload: {} }));
    expect(error).toMatchObject({ code: "rejected-credentials", status: 401, transient: false });
    expect(`${error.message} ${error.stack} ${JSON.stringify(config.logs)}`).not.toContain("a-wrong-events-key");
    const other = workflowConfig({ externalEvents: { ...server.credentials.externalEvents, projectId: "another-project" } });
    expect(await rejection(sendExternalEvent(other, { eventId, payload: {} }))).toMatchObject({ code: "rejected-credentials" });
    expect(received(eventId)).toEqual([]);
  });

  it("rejects with transient errors for a 500, a 429 (with its Retry-After), no answer in time and an unreachable platform", async () => {
    const { eventId } = await bookingConversation();
    server.faults.failNextRequests("external-event", 1, 500);
    expect(await rejection(sendExternalEvent(workflowConfig(), { eventId, payload: {} }))).toMatchObject({
      code: "platform-error",
      status: 500,
      transient: true,
    });
    server.faults.failNextRequests("external-event", 1, 429, 6);
    expect(await rejection(sendExternalEvent(workflowConfig(), { eventId, payload: {} }))).toMatchObject({
      code: "rate-limited",
      retryAfterSeconds: 6,
      transient: true,
    });

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = workflowConfig({
        upstreamTimeoutMilliseconds: 100,
        externalEvents: { ...server.credentials.externalEvents, url: `http://127.0.0.1:${port}` },
      });
      expect(await rejection(sendExternalEvent(slow, { eventId, payload: {} }))).toMatchObject({ code: "timeout", transient: true });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    const gone = workflowConfig({ externalEvents: { ...server.credentials.externalEvents, url: `http://127.0.0.1:${port}` } });
    expect(await rejection(sendExternalEvent(gone, { eventId, payload: {} }))).toMatchObject({ code: "unreachable", transient: true });
    // The platform's answer to a garbage request is read like any other: the event was never queued.
    expect(received(eventId)).toEqual([]);
  });

  it("throws before sending anything when the event or the configuration is wrong", async () => {
    let sent = 0;
    const config = workflowConfig({ fetch: async () => ((sent += 1), new Response(null, { status: 201 })) });
    await expect(sendExternalEvent(config, { eventId: "", payload: {} })).rejects.toThrow(TypeError);
    await expect(sendExternalEvent(config, { eventId: "EV-1", payload: "text", location: "payload" })).rejects.toThrow(/text payload/);
    await expect(sendExternalEvent(config, { eventId: "EV-1", payload: { booking: "2" }, path: "booking.event_id" })).rejects.toThrow(
      /in the way/,
    );
    await expect(sendExternalEvent(config, { eventId: "EV-1", payload: [1] as never })).rejects.toThrow(TypeError);
    await expect(sendExternalEvent({}, { eventId: "EV-1", payload: {} })).rejects.toThrow(/externalEvents/);
    await expect(
      sendExternalEvent(
        { externalEvents: { ...server.credentials.externalEvents, url: "http://platform.example" } },
        { eventId: "EV-1", payload: {} },
      ),
    ).rejects.toThrow(/https/);
    expect(sent).toBe(0);
    await sendExternalEvent(config, { eventId: "EV-1", payload: {} });
    expect(sent).toBe(1);
  });
});
