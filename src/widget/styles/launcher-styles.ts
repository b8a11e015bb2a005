import { constructStyleSheet } from "./style-sheet.ts";

/**
 * Where the floating panel becomes a full-screen sheet, which keeps keyboard focus inside it: a narrow
 * viewport, or a short one (a landscape phone, or a zoom that would leave the transcript under 300 px).
 */
export const sheetMedia = "(max-width:479px),(max-height:559px)";

/**
 * The part of the widget's stylesheet the script tag's loader draws with: the theme's custom properties,
 * the root's reset, the base button and icon rules, the floating launcher, and the
 * panel's frame (the panel's box, header, transcript with its skeleton, and composer). The widget's
 * stylesheet begins with it, and the loader adopts it alone, so the launcher and the frame look the same
 * before and after the app has loaded; the script tag's app then adopts the loader's sheet rather than
 * carrying these rules a second time.
 */
export const launcherStyles = `
:host{--cap-chat-accent:#1d4ed8;--cap-chat-on-accent:#fff;--cap-chat-link:var(--cap-chat-accent);--cap-chat-focus:var(--cap-chat-link);--cap-chat-background:#fff;--cap-chat-surface:#f3f4f6;--cap-chat-text:#111827;--cap-chat-muted:#4b5563;--cap-chat-border:#d1d5db;--cap-chat-header-background:var(--cap-chat-background);--cap-chat-header-text:var(--cap-chat-text);--cap-chat-avatar-background:#e0e7ff;--cap-chat-on-avatar:#1e3a8a;--cap-chat-shadow:0 12px 40px rgb(15 23 42/.18),0 2px 8px rgb(15 23 42/.08);--cap-chat-radius:16px;--cap-chat-font:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji"}
@media (prefers-color-scheme:dark){:host{--cap-chat-accent:#2b59c3;--cap-chat-link:#8ab4ff;--cap-chat-background:#16181d;--cap-chat-surface:#23262e;--cap-chat-text:#eef0f4;--cap-chat-muted:#aab1bf;--cap-chat-border:#363b47;--cap-chat-header-background:#1c1f26;--cap-chat-avatar-background:#2a3553;--cap-chat-on-avatar:#c7d5fe;--cap-chat-shadow:0 12px 40px rgb(0 0 0/.5),0 0 0 1px rgb(255 255 255/.06)}}
*{box-sizing:border-box}
.root{all:initial;display:block;color-scheme:light dark;font-family:var(--cap-chat-font);font-size:15px;line-height:1.45;color:var(--cap-chat-text);text-align:start}
[hidden]{display:none!important}
button,textarea{font:inherit;color:inherit}
button{cursor:pointer;border:0;padding:0;background:none}
:focus-visible{outline:2px solid var(--cap-chat-focus);outline-offset:2px}
svg{fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.launcher,.preview,.floating .panel{position:fixed;z-index:2147483000;right:20px;box-shadow:var(--cap-chat-shadow)}
.left .launcher,.left .preview,.left .panel{right:auto;left:20px}
.launcher,.icon,.avatar,.send{flex:none;width:36px;height:36px;border-radius:50%;display:grid;place-items:center}
.launcher{bottom:20px;width:56px;height:56px;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent)}
.launcher svg{width:26px;height:26px}
h2,p{margin:0}
.panel{display:flex;flex-direction:column;overflow:hidden;border-radius:var(--cap-chat-radius);background:var(--cap-chat-background)}
.floating .panel{bottom:90px;width:380px;height:min(640px,calc(100vh - 110px))}
@media ${sheetMedia}{.floating .panel{inset:0;width:auto;height:auto;border-radius:0}}
.header{display:flex;align-items:center;gap:10px;padding:10px 12px;background:var(--cap-chat-header-background);color:var(--cap-chat-header-text);border-bottom:1px solid var(--cap-chat-border)}
.heading{flex:1;line-height:1.3}
.heading h2{font-size:16px;font-weight:650}
.heading p{font-size:13px}
.avatar{background:var(--cap-chat-avatar-background);color:var(--cap-chat-on-avatar)}
.body{flex:1;min-height:0;display:flex;flex-direction:column}
.log{flex:1;padding:16px}
.skeleton i{display:block;width:75%;height:38px;margin-bottom:8px;border-radius:var(--cap-chat-radius);background:var(--cap-chat-surface)}
.skeleton i+i{width:50%}
.composer{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px;padding:12px;border-top:1px solid var(--cap-chat-border)}
textarea{flex:1;min-height:42px;padding:9px 14px;border:1px solid var(--cap-chat-border);border-radius:21px;background:var(--cap-chat-background);font-size:16px;line-height:1.4}
.send{width:42px;height:42px;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent)}
.send:disabled{opacity:1;background:var(--cap-chat-surface);color:var(--cap-chat-muted)}
`;

let sharedSheet: CSSStyleSheet | null | undefined;

/** {@link launcherStyles} as one shared constructable sheet, or null where they are unsupported. */
export function getLauncherStyleSheet(): CSSStyleSheet | null {
  if (sharedSheet === undefined) sharedSheet = constructStyleSheet(launcherStyles);
  return sharedSheet;
}
