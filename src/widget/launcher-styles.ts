import { constructStyleSheet } from "./style-sheet.ts";

/**
 * The part of the widget's stylesheet that draws the floating launcher: the theme's custom properties, the
 * root's reset, the base button and icon rules, and the launcher. The widget's
 * stylesheet begins with it, and the script tag's loader adopts it alone, so the launcher looks the same
 * before and after the app has loaded; the script tag's app then adopts the loader's sheet rather than
 * carrying these rules a second time.
 */
export const launcherStyles = `
:host{--cap-chat-accent:#1d4ed8;--cap-chat-on-accent:#fff;--cap-chat-link:var(--cap-chat-accent);--cap-chat-focus:var(--cap-chat-link);--cap-chat-background:#fff;--cap-chat-surface:#f3f4f6;--cap-chat-text:#111827;--cap-chat-muted:#4b5563;--cap-chat-border:#d1d5db;--cap-chat-hover:rgb(17 24 39/.07);--cap-chat-header-background:var(--cap-chat-background);--cap-chat-header-text:var(--cap-chat-text);--cap-chat-user-bubble:var(--cap-chat-accent);--cap-chat-on-user-bubble:var(--cap-chat-on-accent);--cap-chat-agent-bubble:var(--cap-chat-surface);--cap-chat-live-agent-bubble:#e6f4ea;--cap-chat-code-background:#e3e6eb;--cap-chat-avatar-background:#e0e7ff;--cap-chat-on-avatar:#1e3a8a;--cap-chat-badge:#c0262d;--cap-chat-on-badge:#fff;--cap-chat-error:#b42318;--cap-chat-warning:#8a4b00;--cap-chat-shadow:0 12px 40px rgb(15 23 42/.18),0 2px 8px rgb(15 23 42/.08);--cap-chat-radius:16px;--cap-chat-font:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans",Ubuntu,Cantarell,Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji";--cap-chat-content-width:720px;display:block;color-scheme:light dark;font-family:var(--cap-chat-font);color:var(--cap-chat-text)}
@media (prefers-color-scheme:dark){:host{--cap-chat-accent:#2b59c3;--cap-chat-link:#8ab4ff;--cap-chat-background:#16181d;--cap-chat-surface:#23262e;--cap-chat-text:#eef0f4;--cap-chat-muted:#aab1bf;--cap-chat-border:#363b47;--cap-chat-hover:rgb(238 240 244/.08);--cap-chat-header-background:#1c1f26;--cap-chat-live-agent-bubble:#1f3a2b;--cap-chat-code-background:#343946;--cap-chat-avatar-background:#2a3553;--cap-chat-on-avatar:#c7d5fe;--cap-chat-error:#ff9b91;--cap-chat-warning:#f5c46b;--cap-chat-shadow:0 12px 40px rgb(0 0 0/.5),0 0 0 1px rgb(255 255 255/.06)}}
*{box-sizing:border-box}
.root{all:initial;display:block;color-scheme:light dark;font-family:var(--cap-chat-font);font-size:15px;line-height:1.45;color:var(--cap-chat-text);text-align:start}
[hidden]{display:none!important}
button,textarea{font:inherit;color:inherit}
button{cursor:pointer;border:0;padding:0;background:none}
:focus-visible{outline:2px solid var(--cap-chat-focus);outline-offset:2px}
svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.launcher{position:fixed;z-index:2147483000;inset-block-end:20px;inset-inline-end:20px;width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent);box-shadow:var(--cap-chat-shadow);transition:transform .2s}
.launcher:hover{transform:scale(1.06)}
.launcher svg{width:26px;height:26px}
`;

let sharedSheet: CSSStyleSheet | null | undefined;

/** {@link launcherStyles} as one shared constructable sheet, or null where they are unsupported. */
export function getLauncherStyleSheet(): CSSStyleSheet | null {
  if (sharedSheet === undefined) sharedSheet = constructStyleSheet(launcherStyles);
  return sharedSheet;
}
