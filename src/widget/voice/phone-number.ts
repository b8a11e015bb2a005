/** A phone number as E.164 wants it: `+`, a country code not starting with 0, 7 to 15 digits in all. */
const e164 = /^\+[1-9]\d{6,14}$/;

/** Why a number the visitor typed cannot be sent, or the number to send. */
export type NumberCheck = { number: string; refusal?: undefined } | { refusal: "invalidNumber" | "countryRefused" };

/**
 * Checks what the visitor typed before anything is sent: spaces, dots, dashes and parentheses are
 * dropped (`+44 (20) 7946-0958` is `+442079460958`), and the rest must be E.164 and start with one of
 * `prefixes` when the companion said which it calls.
 */
export function checkPhoneNumber(typed: string, prefixes: readonly string[] | undefined): NumberCheck {
  const number = typed.replace(/[\s().\-\u00a0]/g, "");
  if (!e164.test(number)) return { refusal: "invalidNumber" };
  return prefixes && !prefixes.some((prefix) => number.startsWith(prefix)) ? { refusal: "countryRefused" } : { number };
}
