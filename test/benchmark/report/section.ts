import { notMeasured, type BenchRow } from "./table.ts";

/** One group of measurements; `run` returns its rows. */
export interface BenchSection {
  name: string;
  /** The section is abandoned after this long, so the whole run stays bounded. */
  timeoutMilliseconds: number;
  run: () => Promise<BenchRow[]> | BenchRow[];
}

/** The rows of a section, and whether it failed (threw or ran out of time) rather than measured. */
export interface SectionOutcome {
  rows: BenchRow[];
  failed: boolean;
}

/**
 * Runs a section within its time limit. A failure becomes one "not measured" row carrying the error's
 * message, so the other sections still report.
 */
export async function runSection(section: BenchSection): Promise<SectionOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${section.timeoutMilliseconds} ms`)), section.timeoutMilliseconds);
  });
  try {
    return { rows: await Promise.race([Promise.resolve().then(section.run), expired]), failed: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { rows: [notMeasured(section.name, reason)], failed: true };
  } finally {
    clearTimeout(timer);
  }
}
