import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { defaultFailureReason } from "../../../demo/server/voice/outbound-calls.ts";
import { request } from "../support/http.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { useTestServer } from "../support/test-server.ts";

const clock = new ManualClock();
let server: ReferenceServer;
// Full scale on a clock that moves only when told: 3 s queued, 6 s calling, 2 hours of retention.
useTestServer((started) => (server = started), { timeScale: 1, clock });

/** `token` null sends no token at all. */
function placeCall(body: unknown, token: string | null = server.credentials.outbound.serviceAuthToken) {
  return request(`${server.url}/v1/outbound-calling`, {
    headers: { "Content-Type": "application/json", ...(token !== null && { "X-Service-Auth-Token": token }) },
    body,
  });
}

function callStatus(callSid: string, token: string | null = server.credentials.outbound.serviceAuthToken) {
  return request(`${server.url}/v1/outbound-calling/${encodeURIComponent(callSid)}/status`, {
    method: "GET",
    headers: token === null ? {} : { "X-Service-Auth-Token": token },
  });
}

async function statusOf(callSid: string): Promise<unknown> {
  return (await callStatus(callSid)).body;
}

describe("Outbound Calling", { timeout: 6000 }, () => {
  it("places a call that goes queued, calling, then success, and answers its status with an empty reason", async () => {
    const placed = await placeCall({ to_number: "+14155550123", metadata: { conversation: "c-1" } });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ call_sid: expect.stringMatching(/^OUT-/), status: "queued" });
    const callSid = placed.body.call_sid as string;
    expect(await statusOf(callSid)).toEqual({ status: "queued", reason: "" });
    clock.advance(3000);
    expect(await statusOf(callSid)).toEqual({ status: "calling", reason: "" });
    clock.advance(6000);
    expect(await statusOf(callSid)).toEqual({ status: "success", reason: "" });
    clock.advance(60_000);
    expect(await statusOf(callSid)).toEqual({ status: "success", reason: "" });
    const view = server.inspect.outboundCalls().find((call) => call.callSid === callSid);
    expect(view).toMatchObject({ toNumber: "+14155550123", metadata: { conversation: "c-1" }, status: "success" });
    expect(view?.statusRequests).toHaveLength(4);
  });

  it("follows a scripted course, a failure carrying its reason (the spec's queueing timeout unless told)", async () => {
    server.faults.scriptCalls([
      { queuedMilliseconds: 100, callingMilliseconds: 200, outcome: "failure" },
      { queuedMilliseconds: 0, callingMilliseconds: 50, outcome: "failure", reason: "no answer" },
    ]);
    const first = (await placeCall({ to_number: "+14155550123" })).body.call_sid as string;
    const second = (await placeCall({ to_number: "+14155550124" })).body.call_sid as string;
    const third = (await placeCall({ to_number: "+14155550125" })).body.call_sid as string;
    clock.advance(300);
    expect(await statusOf(first)).toEqual({ status: "failure", reason: defaultFailureReason });
    expect(await statusOf(second)).toEqual({ status: "failure", reason: "no answer" });
    // Past the scripts, the default course again.
    expect(await statusOf(third)).toEqual({ status: "queued", reason: "" });
  });

  it("answers 404 once the retention after the call's end has passed, and for a SID it never issued", async () => {
    const callSid = (await placeCall({ to_number: "+14155550123" })).body.call_sid as string;
    clock.advance(9000);
    clock.advance(2 * 60 * 60 * 1000 - 1);
    expect((await callStatus(callSid)).status).toBe(200);
    clock.advance(1);
    const expired = await callStatus(callSid);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ error_message: expect.any(String) });
    expect((await callStatus("OUT-never-issued")).status).toBe(404);
  });

  it("refuses a missing or wrong token with 401 on both calls, before reading anything else", async () => {
    for (const token of [null, "wrong-token", server.credentials.dni.apiKey]) {
      expect((await placeCall({ to_number: "+14155550123" }, token)).status).toBe(401);
      expect((await callStatus("OUT-anything", token)).status).toBe(401);
    }
    expect(server.inspect.outboundCalls().filter((call) => call.toNumber === "+14155550199")).toEqual([]);
  });

  it("refuses a destination that is not E.164, metadata that is not an object, and a body that is not JSON, with 400", async () => {
    for (const body of [
      {},
      { to_number: "4155550123" },
      { to_number: "+0155550123" },
      { to_number: "+1 415 555 0123" },
      { to_number: "+1415555012345678" },
      { to_number: 14155550123 },
      { to_number: "+14155550123", metadata: ["a"] },
      "not json",
    ]) {
      const answer = await placeCall(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error_message: expect.any(String) });
    }
  });

  it("refuses a malformed call SID with 400 and a wrong method with 405", async () => {
    expect((await callStatus("CA-123")).status).toBe(400);
    expect((await callStatus("OUT-with space")).status).toBe(400);
    expect((await request(`${server.url}/v1/outbound-calling`, { method: "GET" })).status).toBe(405);
    expect((await request(`${server.url}/v1/outbound-calling/OUT-1/status`, { method: "POST", body: {} })).status).toBe(405);
  });

  it("answers forced failures: 500 on a status (retrieval failed), 429 with Retry-After on a trigger", async () => {
    const callSid = (await placeCall({ to_number: "+14155550123" })).body.call_sid as string;
    server.faults.failNextRequests("outbound-status", 1, 500);
    const failed = await callStatus(callSid);
    expect(failed.status).toBe(500);
    expect(failed.body.error_message).toContain("retrieval failed");
    expect((await callStatus(callSid)).status).toBe(200);
    server.faults.failNextRequests("outbound-call", 1, 429, 7);
    const limited = await placeCall({ to_number: "+14155550123" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("7");
  });

  it("limits the calls of the account: past its burst, 429 with Retry-After", async () => {
    clock.advance(120_000);
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) statuses.push((await placeCall({ to_number: "+14155550123" })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
