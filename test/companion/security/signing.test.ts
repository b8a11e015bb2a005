import { describe, expect, it } from "vitest";
import { createSigner, fromBase64Url, randomToken, toBase64Url } from "../../../src/server/security/signing.ts";

const secret = "unit-test-signing-secret-0123456789";

describe("createSigner", () => {
  it("verifies its own signature over the same text only", async () => {
    const signer = createSigner(secret);
    const signature = await signer.sign("visitor\nabc");
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(await signer.verify("visitor\nabc", signature)).toBe(true);
    expect(await signer.verify("visitor\nabd", signature)).toBe(false);
    expect(await signer.verify("visitor\nabc", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBe(false);
  });

  it("refuses signatures that are not base64url, or cut short, without throwing", async () => {
    const signer = createSigner(secret);
    const signature = await signer.sign("text");
    for (const wrong of ["", "%%%", signature.slice(0, 20), `${signature}AAAA`, "A"])
      expect(await signer.verify("text", wrong)).toBe(false);
  });

  it("signs with the first secret and verifies with every one, for rotation", async () => {
    const oldSigner = createSigner(secret);
    const newSecret = "the-next-signing-secret-0123456789ab";
    const rotated = createSigner([newSecret, secret]);
    expect(await rotated.verify("text", await oldSigner.sign("text"))).toBe(true);
    expect(await rotated.sign("text")).toBe(await createSigner(newSecret).sign("text"));
    expect(await oldSigner.verify("text", await rotated.sign("text"))).toBe(false);
  });

  it("refuses no secret or a short one", () => {
    expect(() => createSigner([])).toThrow(/required/);
    expect(() => createSigner("too-short")).toThrow(/at least 32/);
    expect(() => createSigner([secret, "short"])).toThrow(/at least 32/);
  });
});

describe("base64url", () => {
  it("round-trips every byte value and refuses other alphabets", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_value, index) => index);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(toBase64Url(new Uint8Array([251, 255]))).toBe("-_8");
    expect(fromBase64Url("a+b/")).toBeUndefined();
    expect(fromBase64Url("abcde")).toBeUndefined();
  });

  it("accepts only the one spelling of the bytes, so a signature's last character cannot change unnoticed", async () => {
    // One byte leaves four unused bits in its second character: "AA" is 0, "AB" to "AP" spell 0 too.
    expect(fromBase64Url("AA")).toEqual(new Uint8Array([0]));
    expect(fromBase64Url("AB")).toBeUndefined();
    expect(fromBase64Url("AP")).toBeUndefined();
    const signer = createSigner(secret);
    for (const message of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const signature = await signer.sign(message);
      const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(signature.at(-1)!);
      // The same bytes, spelled with the last character's two unused bits set.
      const respelled = signature.slice(0, -1) + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[last | 3];
      expect(await signer.verify(message, respelled)).toBe(false);
    }
  });

  it("makes random 128-bit identifiers", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => randomToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{22}$/);
  });
});
