import { launcherStyles, sheetMedia } from "./launcher-styles.ts";
import { adoptStyleSheets, constructStyleSheet } from "./style-sheet.ts";

export { sheetMedia };

/** The rules that follow the launcher's in {@link widgetStyles}: the preview, the panel and everything in it. */
export const panelStyles = `
:disabled{opacity:.6;cursor:default}
:host{display:block;color-scheme:light dark;font-family:var(--cap-chat-font);color:var(--cap-chat-text);--cap-chat-content-width:720px;--cap-chat-hover:rgb(17 24 39/.07);--cap-chat-user-bubble:var(--cap-chat-accent);--cap-chat-on-user-bubble:var(--cap-chat-on-accent);--cap-chat-agent-bubble:var(--cap-chat-surface);--cap-chat-live-agent-bubble:#e6f4ea;--cap-chat-code-background:#e3e6eb;--cap-chat-badge:#c0262d;--cap-chat-on-badge:#fff;--cap-chat-error:#b42318;--cap-chat-warning:#8a4b00}
@media (prefers-color-scheme:dark){:host{--cap-chat-hover:rgb(238 240 244/.08);--cap-chat-live-agent-bubble:#1f3a2b;--cap-chat-code-background:#343946;--cap-chat-error:#ff9b91;--cap-chat-warning:#f5c46b}}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.badge{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-width:22px;padding:0 6px;border-radius:11px;background:var(--cap-chat-badge);color:var(--cap-chat-on-badge);font-size:12px;font-weight:700;line-height:22px}
.floating .panel{transform-origin:100% 100%;transition:opacity .2s,transform .2s}
.left .panel{transform-origin:0 100%}
.floating .panel[hidden]{display:flex!important;content-visibility:hidden;visibility:hidden;clip-path:inset(50%);opacity:0;transform:translateY(12px) scale(.96);transition:opacity .2s,transform .2s,content-visibility .2s allow-discrete,visibility 0s .2s,clip-path 0s .2s}
@starting-style{.floating .panel{opacity:0;transform:translateY(12px) scale(.96)}}
@media ${sheetMedia}{.floating .panel{inset:var(--cap-chat-viewport-top,0) 0 auto;width:100%;height:var(--cap-chat-viewport-height,100dvh);overscroll-behavior:contain}.bubble pre{white-space:pre-wrap}}
.header,.composer{padding-inline:max(12px,calc(50% - var(--cap-chat-content-width)/2))}
svg{width:20px;height:20px}
.heading{min-width:0;overflow-wrap:anywhere}
.avatar{object-fit:cover}
.avatar svg{width:60%;height:60%}
.body{position:relative}
.log{overflow-y:auto;overscroll-behavior:contain;padding-inline:max(16px,calc(50% - var(--cap-chat-content-width)/2))}
.log:focus-visible{outline-offset:-2px}
.entries,.block{display:flex;flex-direction:column}
.entries>*,.block>*{margin-block-start:14px}
.entries>:first-child,.block>:first-child{margin:0}
.welcome{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px 8px 4px;text-align:center;color:var(--cap-chat-muted)}
.welcome .avatar{width:56px;height:56px}
textarea{max-height:140px;resize:none}
.inline .panel{height:var(--cap-chat-height,560px);border:1px solid var(--cap-chat-border)}
.fullscreen .panel{position:fixed;inset:0;z-index:2147483000;border-radius:0;overscroll-behavior:contain}
.icon:hover,.action:hover,.menu-item:hover,.menu-item:focus{background:var(--cap-chat-hover)}
.author .avatar,.story .avatar{width:22px;height:22px}
.menu-anchor{position:relative}
.menu{position:absolute;z-index:2;inset-block-start:calc(100% + 4px);inset-inline-end:0;padding:4px;border:1px solid var(--cap-chat-border);border-radius:12px;background:var(--cap-chat-background);box-shadow:var(--cap-chat-shadow);animation:cap-chat-in .15s ease-out}
.menu-item{display:flex;align-items:center;gap:10px;padding:8px 12px;border-radius:8px;white-space:nowrap;color:var(--cap-chat-error)}
.menu-item:focus-visible{outline-offset:-2px}
.banner{display:flex;align-items:center;flex-wrap:wrap;gap:8px;padding:10px 16px;background:var(--cap-chat-surface);border-block-end:1px solid var(--cap-chat-border);font-size:14px}
.banner p{flex:1}
.action{padding:5px 14px;border-radius:999px;border:1px solid var(--cap-chat-link);color:var(--cap-chat-link);background:var(--cap-chat-background)}
.block>.message:not(.first){margin-block-start:3px}
.entries>.block{padding:4px;margin:10px -4px -4px;content-visibility:auto;contain-intrinsic-size:auto 2400px}
.latest>.message,.latest>.story,.latest>.notice,.typing,.end{animation:cap-chat-in .25s ease-out}
@keyframes cap-chat-in{from{opacity:0;transform:translateY(6px)}}
.message{display:flex;flex-direction:column;align-items:flex-start;max-width:85%;--t:var(--cap-chat-radius);--b:4px}
.message:not(.first){--t:4px}
.user{align-self:flex-end;align-items:flex-end}
.author{display:flex;align-items:center;gap:8px;margin-block-end:4px}
.author,.meta,.typing,.story,.notice,.day{font-size:13px;color:var(--cap-chat-muted)}
.bubble{max-width:100%;padding:8px 12px;background:var(--cap-chat-agent-bubble);overflow-wrap:anywhere}
.bubble,[dir=rtl] .user .bubble{border-radius:var(--t) var(--cap-chat-radius) var(--cap-chat-radius) var(--b)}
.user .bubble,[dir=rtl] .bubble{border-radius:var(--cap-chat-radius) var(--t) var(--b) var(--cap-chat-radius)}
.user .bubble{background:var(--cap-chat-user-bubble);color:var(--cap-chat-on-user-bubble)}
.user .bubble,.plain{white-space:pre-wrap}
.live-agent .bubble{background:var(--cap-chat-live-agent-bubble)}
.failed .bubble{outline:2px solid var(--cap-chat-error)}.unconfirmed .bubble{outline:2px dashed var(--cap-chat-error)}
.bubble>*{margin-block:0}
.bubble>*+*,.bubble p+p,.suggestions{margin-block-start:8px}
.bubble>.more{margin-block-start:0}
.bubble ul,.bubble ol{padding-inline-start:22px}
.bubble a,.meta button{color:var(--cap-chat-link)}
.meta button{font-weight:600;text-decoration:underline}
.bubble img{display:block;max-width:100%;max-height:240px;border-radius:8px}
.bubble code{padding:.1em .35em;border-radius:5px;background:var(--cap-chat-code-background);font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
.bubble pre{overflow-x:auto;padding:8px 10px;border-radius:8px;background:var(--cap-chat-code-background)}
.bubble pre code{padding:0;background:none}
blockquote{margin-inline:0;padding-inline-start:10px;border-inline-start:3px solid var(--cap-chat-muted)}
.table{overflow-x:auto}
table{border-collapse:collapse}
th,td{padding:4px 8px;border:1px solid var(--cap-chat-border);overflow-wrap:normal}
th:not([align]){text-align:start}
.meta{display:flex;align-items:center;gap:6px;margin-block-start:4px;font-size:12px}.incomplete{margin-block-end:0;font-style:italic}
.actions{display:flex;flex-wrap:wrap;align-items:center;max-width:100%;font-size:13px;color:var(--cap-chat-muted)}
.actions .icon{width:28px;height:28px}
.actions svg{width:16px}
.meta strong{color:var(--cap-chat-error)}
.suggestions{display:flex;flex-wrap:wrap;gap:8px}
.story,.notice{align-self:center;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:6px;max-width:90%;text-align:center}
.story svg,.new-messages svg{flex:none;width:16px;height:16px}
.notice{padding:4px 10px;border-radius:8px;background:var(--cap-chat-surface)}
.notice.warning{color:var(--cap-chat-warning)}
.notice.error{color:var(--cap-chat-error)}
.day{display:flex;align-items:center;gap:10px;font-size:12px;font-weight:600}
.day:before,.day:after{content:"";flex:1;border-block-start:1px solid var(--cap-chat-border)}
.typing{display:flex;align-items:center;gap:8px;--t:var(--cap-chat-radius);--b:4px}
.dots{display:flex;gap:4px;padding:14px}
.dots i{width:7px;height:7px;border-radius:50%;background:currentColor;animation:cap-chat-bounce 1.2s infinite}
.dots i:nth-child(2){animation-delay:.15s}
.dots i:nth-child(3){animation-delay:.3s}
@keyframes cap-chat-bounce{0%,60%,100%{transform:none;opacity:.5}30%{transform:translateY(-4px);opacity:1}}
.end{flex-direction:column;padding:8px;border:0;background:none;text-align:center;color:var(--cap-chat-muted)}
.new-messages{position:absolute;inset-block-end:8px;inset-inline:0;display:flex;align-items:center;gap:4px;width:fit-content;margin:auto;padding:4px 12px 4px 8px;border-radius:999px;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent);box-shadow:var(--cap-chat-shadow);font-size:13px}
.refusal{flex-basis:100%;order:-1;font-size:13px;color:var(--cap-chat-error)}
textarea:focus{outline:2px solid transparent;border-color:var(--cap-chat-focus);box-shadow:0 0 0 1px var(--cap-chat-focus)}
::placeholder{color:var(--cap-chat-muted);opacity:1}
[dir=rtl] .send svg,[dir=rtl] .menu-item svg{transform:scaleX(-1)}
.launcher{transition:transform .2s}
.launcher:hover{transform:scale(1.06)}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;

/**
 * The widget's whole stylesheet. Every colour, the radius and the font are `--cap-chat-*` custom properties
 * on the host, so a page overrides them from outside; the dark scheme only switches those properties, never
 * rules. Layout uses logical properties so `dir="rtl"` mirrors it; only bubble corners are physical, keyed on
 * the widget's direction (through `--t` and `--b`, the author side's top and bottom radius), since each
 * bubble takes `dir="auto"` from its own text. The input's text is 16px, below which iOS
 * Safari zooms the page on focus. The root element, which page selectors cannot reach, resets every
 * inherited property (custom properties and `direction` are exempt from `all`) so page text styles such as
 * `text-transform` or `white-space` never flow in from the host, then sets the widget's own text style.
 * Motion (the panel, new rows, the typing dots) stops under `prefers-reduced-motion`. Below 480 px (a phone,
 * or 400 % zoom) a code block wraps its lines rather than scrolling sideways; a table still scrolls in its
 * own box, as WCAG 1.4.10 allows for data tables. It is the
 * launcher's rules (which the script tag's loader also shows on their own) followed by the panel's.
 */
export const widgetStyles = `${launcherStyles}${panelStyles}`;

let sharedSheet: CSSStyleSheet | null | undefined;
let sharedPanelSheet: CSSStyleSheet | null | undefined;

/** The stylesheet as one constructable sheet shared by every widget, or null where they are unsupported. */
export function getWidgetStyleSheet(): CSSStyleSheet | null {
  if (sharedSheet === undefined) sharedSheet = constructStyleSheet(widgetStyles);
  return sharedSheet;
}

/** {@link panelStyles} as one shared constructable sheet, or null where they are unsupported. */
export function getPanelStyleSheet(): CSSStyleSheet | null {
  if (sharedPanelSheet === undefined) sharedPanelSheet = constructStyleSheet(panelStyles);
  return sharedPanelSheet;
}

/**
 * Adopts the stylesheet into `root` without a `<style>` element or style attributes, so a page whose CSP
 * forbids inline styles still renders the widget. Does nothing where constructable sheets are missing.
 */
export function adoptWidgetStyles(root: ShadowRoot): void {
  adoptStyleSheets(root, [getWidgetStyleSheet()]);
}
