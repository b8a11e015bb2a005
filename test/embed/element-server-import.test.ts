// @vitest-environment node
import { expect, it } from "vitest";

it("importing the element entry where there is no DOM neither throws nor registers anything", async () => {
  expect(typeof globalThis.HTMLElement).toBe("undefined");
  const module = await import("../../src/embed/element.ts");
  expect(module.defineCapChatElement()).toBeUndefined();
});
