import type { WidgetOptions } from "../widget/index.ts";

/**
 * The attributes `<cap-chat>` observes, in design.md §2 order. The script tag reads the same names with a
 * `data-` prefix.
 */
export const OPTION_ATTRIBUTES = [
  "messaging-url",
  "connector-token",
  "host",
  "streaming",
  "transport",
  "chat-url",
  "variant-id",
  "integration-attributes",
  "header-title",
  "locale",
  "mode",
  "open",
  "persist",
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

/** The option each attribute sets. */
export const OPTION_BY_ATTRIBUTE: Readonly<Record<OptionAttribute, keyof WidgetOptions>> = {
  "messaging-url": "messagingUrl",
  "connector-token": "connectorToken",
  host: "host",
  streaming: "streaming",
  transport: "transport",
  "chat-url": "chatUrl",
  "variant-id": "variantId",
  "integration-attributes": "integrationAttributes",
  "header-title": "headerTitle",
  locale: "locale",
  mode: "mode",
  open: "open",
  persist: "persist",
};

const CHOICES: Partial<Record<OptionAttribute, readonly string[]>> = {
  transport: ["auto", "messaging", "chat"],
  mode: ["floating", "inline", "fullscreen"],
  persist: ["session", "none"],
};

const FALSE_WORDS = new Set(["false", "0", "no", "off"]);
const TRUE_WORDS = new Set(["", "true", "1", "yes", "on"]);

/**
 * Maps attribute values to widget options. Pure. Rules:
 * - an absent attribute, or an empty one for a text option, sets nothing;
 * - `streaming` and `open` are booleans: present with no value or `true`/`1`/`yes`/`on` is true,
 *   `false`/`0`/`no`/`off` is false (so `data-open="false"` works on the script tag);
 * - `transport`, `mode` and `persist` accept only their documented words;
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
    const parsed = parseAttribute(attribute, value);
    if ("reason" in parsed) invalid.push({ attribute, value: raw, reason: parsed.reason });
    else if (parsed.value !== undefined) options[OPTION_BY_ATTRIBUTE[attribute]] = parsed.value;
  }
  return { options: options as Partial<WidgetOptions>, invalid };
}

type Parsed = { value: unknown } | { reason: string };

function parseAttribute(attribute: OptionAttribute, value: string): Parsed {
  switch (attribute) {
    case "streaming":
    case "open":
      return parseBoolean(value);
    case "integration-attributes":
      return parseJsonObject(value);
    case "transport":
    case "mode":
    case "persist": {
      const choices = CHOICES[attribute] ?? [];
      if (value === "") return { value: undefined };
      return choices.includes(value) ? { value } : { reason: `expected one of ${choices.join(", ")}` };
    }
    default:
      return { value: value === "" ? undefined : value };
  }
}

function parseBoolean(value: string): Parsed {
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return { value: true };
  if (FALSE_WORDS.has(word)) return { value: false };
  return { reason: "expected true or false" };
}

function parseJsonObject(value: string): Parsed {
  if (value === "") return { value: undefined };
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return { value: parsed };
  } catch {
    return { reason: "expected a JSON object" };
  }
  return { reason: "expected a JSON object" };
}

/**
 * Resolves a relative `messagingUrl` or `chatUrl` (such as `/` on a page served by the platform's own
 * host) against `base`, the document's URL, and drops a trailing slash so paths can be appended. Absolute
 * URLs keep their exact text; an unparsable one is left for the client to refuse with its own error.
 */
export function resolveRelativeUrls(options: Partial<WidgetOptions>, base: string): Partial<WidgetOptions> {
  const resolved: Partial<WidgetOptions> = { ...options };
  for (const key of ["messagingUrl", "chatUrl"] as const) {
    const value = options[key];
    if (typeof value !== "string" || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
    try {
      resolved[key] = new URL(value, base).href.replace(/\/+$/, "");
    } catch {
      continue;
    }
  }
  return resolved;
}
