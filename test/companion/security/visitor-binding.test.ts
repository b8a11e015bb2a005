import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { createSigner } from "../../../src/server/security/signing.ts";
import { VisitorCookies } from "../../../src/server/security/visitor-cookies.ts";
import { BrowserVisitor, type CompanionAnswer } from "../support/browser-visitor.ts";
import { startCompanion, testSigningSecret, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));

function expectNotOwned(answer: CompanionAnswer): void {
  expect(answer.status).toBe(403);
  expect(answer.body).toEqual({ success: false, error_code: "CONVERSATION_NOT_OWNED", error_message: expect.any(String) });
}

/** Replaces one character in the middle of a string with another of the same alphabet. */
function flipOneCharacter(text: string, index: number): string {
  const character = text[index] === "A" ? "B" : "A";
  return `${text.slice(0, index)}${character}${text.slice(index + 1)}`;
}

describe("a conversation belongs to the visitor who created it", { timeout: 10_000 }, () => {
  it("refuses another visitor's respond and close with 403, and the owner's conversation goes on untouched", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const intruder = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    await intruder.startConversation();

    expectNotOwned(await intruder.respond(handle, "goodbye"));
    expectNotOwned(await intruder.close(handle));
    const answer = await owner.respond(handle, "what can you do?");
    expect(answer.status).toBe(200);
    expect(answer.body.end_conversation).toBe(false);
  });

  it("refuses a visitor without a cookie, and the platform's bare id even from its owner", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    expectNotOwned(await new BrowserVisitor(proxy).respond(handle, "hi"));
    expectNotOwned(await owner.respond(handle.slice(0, handle.lastIndexOf(".")), "hi"));
  });

  it("refuses a tampered handle", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    expectNotOwned(await owner.respond(flipOneCharacter(handle, handle.length - 5), "hi"));
    const otherId = `${"0".repeat(8)}${handle.slice(8)}`;
    expectNotOwned(await owner.respond(otherId, "hi"));
  });

  it("refuses a tampered cookie", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    const [name, value] = [...owner.cookies][0] as [string, string];
    for (const index of [3, 25, value.length - 3]) {
      owner.cookies.set(name, flipOneCharacter(value, index));
      const answer = await owner.respond(handle, "hi");
      expectNotOwned(answer);
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses a cookie forged with another secret, or with its expiry pushed out", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    const [name, value] = [...owner.cookies][0] as [string, string];
    const [visitorId, expiresAt, signature] = value.split(".") as [string, string, string];

    const forger = new VisitorCookies(
      createSigner("an-attacker-s-own-secret-0123456789"),
      { name: "cap-chat-visitor", path: "/cap-chat", lifetimeSeconds: 86_400, sameSite: "Strict" },
      Date.now,
    );
    const forged = await forger.identify(null, { mint: true, secure: true });
    const forgedValue = (forged.setCookies[0] ?? "").split(";")[0]?.split("=")[1] ?? "";
    const forgedId = forgedValue.split(".")[0] ?? "";
    // The forger's cookie, and the owner's id with the forger's signature.
    owner.cookies.clear();
    owner.cookies.set(`cap-chat-visitor-${forgedId.slice(0, 8)}`, forgedValue);
    expectNotOwned(await owner.respond(handle, "hi"));
    owner.cookies.clear();
    owner.cookies.set(name, `${visitorId}.${expiresAt}.${forgedValue.split(".")[2]}`);
    expectNotOwned(await owner.respond(handle, "hi"));
    owner.cookies.clear();
    owner.cookies.set(name, `${visitorId}.${Number(expiresAt) + 86_400 * 365}.${signature}`);
    expectNotOwned(await owner.respond(handle, "hi"));
  });

  it("gives a visitor whose cookie is forged a fresh identity on create, never the forged one", async () => {
    const { proxy } = startCompanion(server);
    const visitor = new BrowserVisitor(proxy);
    visitor.cookies.set("cap-chat-visitor-AAAAAAAA", `${"A".repeat(22)}.9999999999.${"A".repeat(43)}`);
    const created = await visitor.create();
    expect(created.status).toBe(200);
    expect(created.headers.getSetCookie()).toEqual([expect.not.stringMatching(/^cap-chat-visitor-AAAAAAAA=/)]);
    expect((await visitor.respond(created.body.conversation_id, "hi")).status).toBe(200);
  });

  it("ends the binding when the cookie expires, and renews a cookie in use past half its lifetime", async () => {
    let now = Date.now();
    const { proxy } = startCompanion(server, { now: () => now, cookie: { lifetimeSeconds: 600 } });
    const owner = new BrowserVisitor(proxy);
    const handle = await owner.startConversation();
    const [name, first] = [...owner.cookies][0] as [string, string];

    now += 200_000;
    const early = await owner.respond(handle, "hi");
    expect(early.status).toBe(200);
    expect(early.headers.getSetCookie()).toEqual([]);
    now += 200_000;
    const renewing = await owner.respond(handle, "hi");
    expect(renewing.status).toBe(200);
    expect(renewing.headers.getSetCookie()[0]).toMatch(new RegExp(`^${name}=.*; Max-Age=600;`));
    expect(owner.cookies.get(name)).not.toBe(first);

    const stale = new BrowserVisitor(proxy);
    stale.cookies.set(name, first);
    now += 300_000;
    expectNotOwned(await stale.respond(handle, "hi"));
    expect((await owner.respond(handle, "hi")).status).toBe(200);
  });
});

describe("instances sharing the signing secret", { timeout: 10_000 }, () => {
  it("serve one visitor interchangeably, with no state of their own", async () => {
    const first = startCompanion(server).proxy;
    const second = startCompanion(server).proxy;
    const visitor = new BrowserVisitor(first);
    const handle = await visitor.startConversation(first);
    expect((await visitor.respond(handle, "what can you do?", second)).status).toBe(200);
    expect((await visitor.respond(handle, "what can you do?", first)).status).toBe(200);
    const secondHandle = await visitor.startConversation(second);
    expect((await visitor.respond(secondHandle, "hello", first)).status).toBe(200);
    expect((await visitor.close(handle, second)).body).toEqual({ success: true });
    expect(visitor.cookies.size).toBe(1);
  });

  it("refuse a visitor of an instance with another secret, and keep accepting it while the old secret is listed second", async () => {
    const old = startCompanion(server).proxy;
    const visitor = new BrowserVisitor(old);
    const handle = await visitor.startConversation();
    const stranger = startCompanion(server, { signingSecret: "a-different-signing-secret-0123456789" }).proxy;
    expectNotOwned(await visitor.respond(handle, "hi", stranger));
    const rotated = startCompanion(server, { signingSecret: ["the-new-signing-secret-0123456789abcd", testSigningSecret] }).proxy;
    expect((await visitor.respond(handle, "hi", rotated)).status).toBe(200);
  });
});
