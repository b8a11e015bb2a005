import { vi } from "vitest";
import { extrasFile } from "../../../src/widget/extras/extras-file.ts";

/**
 * Loads the extras' file (the handoff's story line, the launcher's preview, attachments) before a test that
 * shows them, as a page has it a moment after asking; with real timers, before any test fakes them.
 */
export async function loadExtrasFile(): Promise<void> {
  await vi.waitUntil(() => extrasFile() !== null);
}
