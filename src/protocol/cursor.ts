/**
 * Parses a replay cursor as the server reads it: `12` and `seq:12` mean "after
 * sequence 12"; anything else (absent, negative, fractional, garbage) means "from 0".
 */
export function parseCursor(value: string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const digits = value.startsWith("seq:") ? value.slice(4) : value;
  if (!/^\d{1,15}$/.test(digits)) return 0;
  return Number(digits);
}

/** Formats a cursor in its canonical form, a plain non-negative integer. */
export function formatCursor(sequence: number): string {
  return String(Math.max(0, Math.floor(sequence)));
}
