import { vi } from "vitest";
import { endingFile } from "../../../src/widget/ending/ending-file.ts";

/**
 * Loads the file of the conversation's end (the confirmation and the download) before a test that uses
 * them, as a page has it by the time the visitor answers; with real timers, before any test fakes them.
 */
export async function loadEndingFile(): Promise<void> {
  await vi.waitUntil(() => endingFile() !== null);
}
