import type { WidgetOptions } from "../widget/index.ts";

/**
 * The attributes `<cap-chat>` observes, in the documented order; each sets the option of the same name in
 * camel case (`messaging-url` → `messagingUrl`). The script tag reads the same names with a `data-` prefix.
 */
export const OPTION_ATTRIBUTES = [
  "messaging-url",
  "connector-token",
  "host",
  "streaming",
  "transport",
  "chat-url",
  "token-url",
  "variant-id",
  "integration-attributes",
  "header-title",
  "locale",
  "mode",
  "position",
  "open",
  "persist",
  "welcome-text",
  "avatar-url",
  "start",
  "prefetch",
  "notify",
  "id",
  "companion-url",
  "voice",
  "feedback",
] as const;

export type OptionAttribute = (typeof OPTION_ATTRIBUTES)[number];

/** Reads one attribute by its name (without any `data-` prefix); null when absent. */
export type AttributeReader = (name: OptionAttribute) => string | null;

/** An attribute whose value could not be used; it is left out of the options. */
export interface InvalidAttribute {
  attribute: OptionAttribute;
  value: string;
  reason: string;
}

export interface AttributeOptions {
  /** Only the options whose attribute is present and valid; absent attributes leave the widget default. */
  options: Partial<WidgetOptions>;
  invalid: InvalidAttribute[];
}

/** The documented words of the attributes that take one. */
const CHOICES: Partial<Record<OptionAttribute, readonly string[]>> = {
  transport: ["auto", "messaging", "chat"],
  mode: ["floating", "inline", "fullscreen"],
  position: ["right", "left"],
  persist: ["local", "session", "none"],
  start: ["open", "load"],
  prefetch: ["idle", "intent", "none"],
  notify: ["title", "sound", "system", "none"],
};

/** The words a boolean attribute accepts, in any letter case: true first, then false. */
const TRUE_WORDS = /^(|true|1|yes|on)$/i;
const FALSE_WORDS = /^(false|0|no|off)$/i;

/**
 * Maps attribute values to widget options. Pure. Rules:
 * - an absent attribute, or an empty one for a text option, sets nothing;
 * - `streaming`, `open` and `feedback` are booleans: present with no value or `true`/`1`/`yes`/`on` is true,
 *   `false`/`0`/`no`/`off` is false (so `data-open="false"` works on the script tag);
 * - `transport`, `mode`, `position`, `persist`, `start`, `prefetch` and `notify` accept only their documented words;
 * - `integration-attributes` must be a JSON object.
 * Anything unusable is reported in `invalid` and left out, so the widget default applies.
 */
export function optionsFromAttributes(read: AttributeReader): AttributeOptions {
  const options: Record<string, unknown> = {};
  const invalid: InvalidAttribute[] = [];
  for (const attribute of OPTION_ATTRIBUTES) {
    const raw = read(attribute);
    if (raw === null) continue;
    const value = raw.trim();
    const choices = CHOICES[attribute];
    let parsed: unknown = value || undefined;
    let reason = "";
    if (attribute === "streaming" || attribute === "open" || attribute === "feedback") {
      parsed = TRUE_WORDS.test(value) || (FALSE_WORDS.test(value) ? false : undefined);
      if (parsed === undefined) reason = "expected true or false";
    } else if (value && attribute === "integration-attributes") {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = null;
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) reason = "expected a JSON object";
    } else if (value && choices && !choices.includes(value)) {
      reason = `expected one of ${choices.join(", ")}`;
    }
    if (reason) invalid.push({ attribute, value: raw, reason });
    else if (parsed !== undefined) options[attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = parsed;
  }
  return { options: options as Partial<WidgetOptions>, invalid };
}

/** Says in the console why each of `invalid` was left out, after `prefix` (the attribute's owner). */
export function warnInvalid(prefix: string, invalid: readonly InvalidAttribute[]): void {
  for (const { attribute, value, reason } of invalid) console.warn(`${prefix}${attribute}="${value}": ${reason}`);
}
