import { describe, expect, it } from "vitest";
import { widgetStyles } from "../../../src/widget/styles/widget-styles.ts";

/** The custom properties one `:host{…}` rule declares, by name. */
function declarations(rule: string): Map<string, string> {
  const body = rule.slice(rule.indexOf(":host{") + 6);
  return new Map([...body.matchAll(/(--cap-chat-[a-z-]+):([^;}]+)/g)].map(([, name, value]) => [name!, value!.trim()]));
}

// The loader's sheet declares the properties its launcher and frame draw with; the panel's sheet the rest.
const hostRules = widgetStyles.split("\n").filter((line) => line.includes(":host{"));
const isDark = (rule: string) => rule.startsWith("@media (prefers-color-scheme:dark)");
const light = new Map(hostRules.filter((rule) => !isDark(rule)).flatMap((rule) => [...declarations(rule)]));
const dark = new Map([...light, ...hostRules.filter(isDark).flatMap((rule) => [...declarations(rule)])]);

/** A property's value with `var()` references resolved against the same scheme. */
function resolve(theme: Map<string, string>, name: string): string {
  const value = theme.get(`--cap-chat-${name}`);
  if (value === undefined) throw new Error(`--cap-chat-${name} is not defined`);
  const reference = /^var\((--cap-chat-[a-z-]+)\)$/.exec(value);
  return reference ? resolve(theme, reference[1]!.slice("--cap-chat-".length)) : value;
}

/** WCAG 2 relative luminance of an opaque `#rgb` or `#rrggbb` colour. */
function luminance(colour: string): number {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`${colour} is not an opaque hex colour`);
  const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit) : hex.match(/../g)!;
  const [red, green, blue] = digits.map((pair) => {
    const channel = parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrast(theme: Map<string, string>, foreground: string, background: string): number {
  const [lighter, darker] = [luminance(resolve(theme, foreground)), luminance(resolve(theme, background))].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** Every text colour on every background it is drawn on, with the WCAG AA minimum: 4.5 for text, 3 for icons and focus rings. */
const pairs: [foreground: string, background: string, minimum: number][] = [
  ["text", "background", 4.5],
  ["text", "surface", 4.5],
  ["text", "agent-bubble", 4.5],
  ["text", "live-agent-bubble", 4.5],
  ["text", "code-background", 4.5],
  ["muted", "background", 4.5],
  ["muted", "surface", 4.5],
  ["header-text", "header-background", 4.5],
  ["on-accent", "accent", 4.5],
  ["on-user-bubble", "user-bubble", 4.5],
  ["link", "background", 4.5],
  ["link", "surface", 4.5],
  ["link", "agent-bubble", 4.5],
  ["link", "live-agent-bubble", 4.5],
  ["link", "code-background", 4.5],
  ["error", "background", 4.5],
  ["error", "surface", 4.5],
  ["warning", "background", 4.5],
  ["warning", "surface", 4.5],
  ["on-badge", "badge", 4.5],
  ["on-avatar", "avatar-background", 3],
  ["focus", "background", 3],
  ["focus", "header-background", 3],
];

describe("the default themes", () => {
  for (const [scheme, theme] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    it.each(pairs)(`pass WCAG AA in the ${scheme} scheme: %s on %s`, (foreground, background, minimum) => {
      expect(contrast(theme, foreground, background)).toBeGreaterThanOrEqual(minimum);
    });
  }

  it("keep the dark header quieter than the content: never brighter than a bubble", () => {
    expect(luminance(resolve(dark, "header-background"))).toBeLessThanOrEqual(luminance(resolve(dark, "agent-bubble")));
    expect(luminance(resolve(dark, "header-background"))).toBeLessThan(luminance(resolve(dark, "accent")));
  });

  it("take every colour of the stylesheet from a --cap-chat-* property", () => {
    const rules = widgetStyles.split("\n").filter((line) => !line.includes(":host{"));
    for (const rule of rules) {
      expect(rule).not.toMatch(/#[\da-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color-mix)\(/i);
      expect(rule).not.toMatch(/(?:^|[:\s,])(?:white|black|red|blue|green|gray|grey|canvas|canvastext)(?=[;}\s!])/i);
    }
  });

  it("use a system font stack that never starts from the platform's default face", () => {
    const stack = resolve(light, "font");
    expect(stack.startsWith('-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto')).toBe(true);
    expect(stack).not.toMatch(/system-ui/);
    expect(stack).toMatch(/Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji"/);
  });
});
