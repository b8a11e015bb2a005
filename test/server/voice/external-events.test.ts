import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/index.ts";
import { expectQuiet, nextAgentReply, sendUserMessage, startJoinedConversation, type AgentReply } from "../support/conversation-flow.ts";
import { request } from "../support/http.ts";
import type { TestSocket } from "../support/test-socket.ts";
import { useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;
useTestServer((started) => (server = started));

/** The event id in the booking link of the agent's offer. */
function eventIdOf(reply: AgentReply): string {
  const attachments = reply.events.at(-1)?.payload.attachments as { content_url: string }[];
  const eventId = new URL(attachments[0]?.content_url ?? "").searchParams.get("event_id");
  if (!eventId) throw new Error("the offer carries no event id");
  return eventId;
}

/** Asks the agent to book a table and returns the event id its offer carries. */
async function askForBooking(socket: TestSocket): Promise<string> {
  await sendUserMessage(socket, triggerPhrase("booking"));
  const offer = await nextAgentReply(socket);
  expect(offer.text).toContain("booking page");
  return eventIdOf(offer);
}

interface Webhook {
  location?: string | null;
  path?: string | null;
  accountId?: string | null;
  projectId?: string | null;
  key?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body: string;
}

/** POSTs the External Events webhook; a null parameter or key is left out. */
function sendEvent(options: Webhook) {
  const { externalEvents } = server.credentials;
  const url = new URL(`${server.url}/v1/external-events/webhook`);
  const parameters = {
    event_id_location: options.location === undefined ? "payload" : options.location,
    event_id_path: options.path === undefined ? "event_id" : options.path,
    account_id: options.accountId === undefined ? externalEvents.accountId : options.accountId,
    project_id: options.projectId === undefined ? externalEvents.projectId : options.projectId,
    ...options.query,
  };
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  const key = options.key === undefined ? externalEvents.apiKey : options.key;
  return request(url.toString(), {
    headers: {
      "Content-Type": options.contentType ?? "application/json",
      ...(key !== null && { "X-Api-Key": key }),
      ...options.headers,
    },
    body: options.body,
  });
}

describe("External Events", { timeout: 10_000 }, () => {
  it("binds a JSON body to the conversation that issued its event id: 201, and the agent confirms in the chat, once", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    const eventId = await askForBooking(socket);
    const booking = { guests: 4, date: "Friday 14 March", time: "19:30", reference: "HB-2041" };
    const sent = await sendEvent({ body: JSON.stringify({ event_id: eventId, booking }) });
    expect(sent.status).toBe(201);
    const confirmation = await nextAgentReply(socket);
    expect(confirmation.text).toBe(
      "You're booked: your table for 4 on Friday 14 March at 19:30 is confirmed (HB-2041). See you at the Harbour Café!",
    );

    // The workflow repeats itself: kept, but the conversation hears it once.
    expect((await sendEvent({ body: JSON.stringify({ event_id: eventId, booking }) })).status).toBe(201);
    await expectQuiet(server, sessionId, socket, (event) => event.type === EventType.ServiceAgentMessage);
    const issued = server.inspect.externalEvents().find((event) => event.eventId === eventId);
    expect(issued).toEqual({ eventId, conversationId: sessionId, received: [expect.anything(), expect.anything()] });
  });

  it("finds the event id in every location and every body type the spec names", async () => {
    const { socket } = await startJoinedConversation(server);
    const cases: Array<(eventId: string) => Webhook> = [
      (eventId) => ({ path: "booking.event_id", body: JSON.stringify({ booking: { event_id: eventId, guests: 2 } }) }),
      (eventId) => ({
        contentType: "application/x-www-form-urlencoded",
        path: "event_id",
        body: new URLSearchParams({ event_id: eventId, guests: "3", date: "today", time: "20:00" }).toString(),
      }),
      (eventId) => ({
        contentType: "application/xml; charset=utf-8",
        path: "booking.event_id",
        body: `<?xml version="1.0"?><booking><event_id>${eventId}</event_id><guests>5</guests></booking>`,
      }),
      (eventId) => ({ contentType: "text/plain", location: "querystring", path: "ref", query: { ref: eventId }, body: "booked" }),
      (eventId) => ({ location: "headers", path: "X-Booking-Event", headers: { "X-Booking-Event": eventId }, body: "{}" }),
    ];
    const confirmations: string[] = [];
    for (const build of cases) {
      const eventId = await askForBooking(socket);
      const options = build(eventId);
      const answer = await sendEvent(options);
      expect(answer.status, options.contentType ?? options.location ?? "json").toBe(201);
      confirmations.push((await nextAgentReply(socket)).text);
    }
    expect(confirmations[1]).toContain("for 3 on today at 20:00");
    expect(confirmations.every((text) => text.startsWith("You're booked"))).toBe(true);
  });

  it("refuses a missing or wrong key, or a key for another account or project, with 401", async () => {
    for (const options of [
      { key: null },
      { key: "wrong" },
      { key: server.credentials.dni.apiKey },
      { accountId: "other" },
      { projectId: "other" },
    ]) {
      const answer = await sendEvent({ ...options, body: "{}" });
      expect(answer.status, JSON.stringify(options)).toBe(401);
      expect(answer.body).toEqual({ error_message: expect.any(String) });
    }
  });

  it("refuses malformed requests with 400: a query parameter missing or wrong, another body type, the event id missing or unknown", async () => {
    const { socket } = await startJoinedConversation(server);
    const eventId = await askForBooking(socket);
    const body = JSON.stringify({ event_id: eventId });
    const malformed: Webhook[] = [
      { location: null, body },
      { path: null, body },
      { accountId: null, body },
      { projectId: null, body },
      { location: "cookies", body },
      { contentType: "text/html", body },
      { body: "{not json" },
      { path: "booking.event_id", body },
      { body: JSON.stringify({ event_id: "EV-00000000-0000-0000-0000-000000000000" }) },
      { body: JSON.stringify({ event_id: "not-an-id" }) },
      { contentType: "text/plain", body: eventId },
      { location: "headers", path: "X-Event", body },
      { location: "querystring", path: "ref", body },
    ];
    for (const options of malformed) {
      const answer = await sendEvent(options);
      expect(answer.status, JSON.stringify(options)).toBe(400);
      expect(answer.body).toEqual({ error_message: expect.any(String) });
    }
    // None of them reached the conversation: its id still works.
    expect((await sendEvent({ body })).status).toBe(201);
  });

  it("answers a forced failure with 500 (a transient processing error) and a wrong method with 405", async () => {
    server.faults.failNextRequests("external-event", 1, 500);
    const failed = await sendEvent({ body: "{}" });
    expect(failed.status).toBe(500);
    expect(failed.body.error_message).toContain("transient");
    expect((await request(`${server.url}/v1/external-events/webhook`, { method: "GET" })).status).toBe(405);
  });

  it("reaches a Chat API conversation in its next answer, the turn-based API's only way to say it", async () => {
    const { chat } = server.credentials;
    const headers = { "Content-Type": "application/json", "X-API-KEY": chat.apiKey, "X-TOKEN": chat.token };
    const created = await request(`${chat.baseUrl}/create`, { headers, body: {} });
    const conversationId = created.body.conversation_id as string;
    const offer = await request(`${chat.baseUrl}/respond`, {
      headers,
      body: { conversation_id: conversationId, message: triggerPhrase("booking") },
    });
    const link = /\((http[^)]*event_id=[^)]*)\)/.exec(offer.body.response as string)?.[1];
    const eventId = new URL(link ?? "").searchParams.get("event_id") as string;
    expect((await sendEvent({ body: JSON.stringify({ event_id: eventId, booking: { guests: 2 } }) })).status).toBe(201);
    const next = await request(`${chat.baseUrl}/respond`, { headers, body: { conversation_id: conversationId, message: "thanks" } });
    expect(next.body.response).toMatch(/^You're booked: your table for 2 is confirmed\./);
    const after = await request(`${chat.baseUrl}/respond`, { headers, body: { conversation_id: conversationId, message: "thanks" } });
    expect(after.body.response).not.toContain("You're booked");
    expect(server.inspect.externalEvents().find((event) => event.eventId === eventId)?.conversationId).toBe(conversationId);
  });
});
