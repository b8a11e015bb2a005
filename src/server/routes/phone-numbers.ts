import { e164Pattern } from "../../protocol/index.ts";

/** What people write between the digits of a phone number and E.164 leaves out. */
const separators = /[\s().\-\u00a0\u2011]/g;

/** A callback number checked: the number in E.164, or why it is refused. */
export type CallbackNumber = { kind: "number"; number: string } | { kind: "invalid" } | { kind: "not-allowed" };

/**
 * Checks the number a visitor asked to be called on: spaces, dots, dashes and parentheses are dropped
 * (`+1 (415) 555-0123` is `+14155550123`), and what is left must be E.164 (`invalid` otherwise) and start
 * with one of `allowedPrefixes` (`not-allowed` otherwise), each a calling code such as `+44` or a longer
 * prefix such as `+1415`.
 */
export function checkCallbackNumber(value: unknown, allowedPrefixes: readonly string[]): CallbackNumber {
  if (typeof value !== "string" || value.length > 64) return { kind: "invalid" };
  const number = value.replace(separators, "");
  if (!e164Pattern.test(number)) return { kind: "invalid" };
  return allowedPrefixes.some((prefix) => number.startsWith(prefix)) ? { kind: "number", number } : { kind: "not-allowed" };
}

/**
 * Checks a configured list of number prefixes (`+44`, `+1415`): each a `+` and 1 to 15 digits, not
 * starting with 0. Returns them without spaces; throws on anything else, naming `name`.
 */
export function checkNumberPrefixes(name: string, prefixes: readonly string[]): string[] {
  if (!Array.isArray(prefixes) || prefixes.length === 0) throw new Error(`${name} must list at least one calling code, such as +44`);
  return prefixes.map((prefix) => {
    const compact = typeof prefix === "string" ? prefix.replace(separators, "") : "";
    if (!/^\+[1-9]\d{0,14}$/.test(compact)) throw new Error(`${name}: "${String(prefix)}" is not a calling code such as +44`);
    return compact;
  });
}
