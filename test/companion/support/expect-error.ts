import { expect } from "vitest";
import type { CompanionAnswer } from "./browser-visitor.ts";

/** Expects `answer` to be the companion's Chat API-shaped error with `status` and `code`, and some text. */
export function expectError(answer: CompanionAnswer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({ success: false, error_code: code, error_message: expect.any(String) });
}
