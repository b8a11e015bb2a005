import { launcherStyles } from "./launcher-styles.ts";

/** Where the floating panel becomes a full-screen sheet, which keeps keyboard focus inside it. */
export const sheetMedia = "(max-width:479px)";

/**
 * The widget's whole stylesheet. Theme colours, radius and font are `--cap-chat-*` custom properties on the
 * host, so a page overrides them from outside; the dark scheme only switches those properties, never rules.
 * Layout uses logical properties so `dir="rtl"` mirrors it; only the bubble tails use physical corners keyed
 * on the widget's direction, since each bubble takes `dir="auto"` from its own text. The input's text is
 * 16px, below which iOS Safari zooms the page on focus. Rules sharing declarations are grouped, so
 * each declaration is written once. The root element, which page selectors cannot reach, resets every
 * inherited property (custom properties and `direction` are exempt from `all`) so page text styles such as
 * `text-transform` or `white-space` never flow in from the host, then sets the widget's own text style.
 * It begins with the launcher's rules, which the script tag's loader also shows on their own.
 */
export const widgetStyles = `${launcherStyles}
h2,p{margin:0}
:disabled{opacity:.6;cursor:default}
.panel,.body,.entries,.message,.attachments,.end{display:flex;flex-direction:column}
.header,.banner,.author,.meta,.typing,.composer,.suggestions{display:flex;align-items:center;gap:8px}
.banner,.suggestions{flex-wrap:wrap}
.heading p,.author,.meta,.typing,.notice,.new-messages{font-size:13px}
.author,.meta,.typing,.notice,.end{color:var(--cap-chat-muted)}
.banner,.notice,.avatar{background:var(--cap-chat-surface)}
.panel,.action,.attachment,textarea{background:var(--cap-chat-background)}
.inline .panel,.attachment,textarea{border:1px solid var(--cap-chat-border)}
.action,.new-messages,.badge{padding:4px 12px;border-radius:999px}
.badge{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-width:22px;padding:0 6px;background:#b42318;color:#fff;font-size:12px;font-weight:700;line-height:22px}
.panel{overflow:hidden;border-radius:var(--cap-chat-radius)}
.floating .panel{inset-block-end:88px;inset-inline-end:20px;width:380px;height:min(640px,calc(100vh - 110px))}
.inline .panel{height:var(--cap-chat-height,560px)}
.fullscreen .panel{inset:0;border-radius:0;overscroll-behavior:contain}
@media ${sheetMedia}{.floating .panel{inset:var(--cap-chat-viewport-top,0) 0 auto;width:100%;height:var(--cap-chat-viewport-height,100dvh);border-radius:0;overscroll-behavior:contain}}
.header,.banner{padding:12px 16px}
.heading{flex:1;min-width:0}
.heading h2{font-size:16px}
.heading p{display:flex;white-space:pre}
.agent-name{overflow:hidden;text-overflow:ellipsis;min-width:0}
.icon{width:36px;height:36px}
.icon:hover,.action:hover{background:rgb(127 127 127/.25)}
.avatar{width:32px;height:32px;object-fit:cover;color:var(--cap-chat-text);font-weight:700}
.banner .avatar,.author .avatar{width:24px;height:24px}
.banner{border-block-end:1px solid var(--cap-chat-border)}
.banner p{flex:1}
.action{border:1px solid var(--cap-chat-accent)}
.body{position:relative;flex:1;min-height:0}
.log{flex:1;overflow-y:auto;padding:16px;overscroll-behavior:contain}
.entries{gap:12px}
.message{align-items:flex-start;max-width:85%}
.user{align-self:flex-end;align-items:flex-end}
.bubble{padding:8px 12px;border-radius:var(--cap-chat-radius);border-bottom-left-radius:4px;background:var(--cap-chat-agent-bubble);overflow-wrap:anywhere}
.user .bubble{background:var(--cap-chat-user-bubble);color:var(--cap-chat-on-user-bubble);border-bottom-left-radius:var(--cap-chat-radius);border-bottom-right-radius:4px;white-space:pre-wrap}
[dir=rtl] .bubble{border-bottom-left-radius:var(--cap-chat-radius);border-bottom-right-radius:4px}
[dir=rtl] .user .bubble{border-bottom-right-radius:var(--cap-chat-radius);border-bottom-left-radius:4px}
.live-agent .bubble{background:var(--cap-chat-live-agent-bubble)}
.failed .bubble{outline:2px solid var(--cap-chat-error)}
.bubble>*{margin-block:0}
.bubble>*+*,.bubble p+p,.suggestions,.attachments{margin-block-start:8px}
.bubble a{color:inherit}
.bubble pre{overflow-x:auto;padding:8px;border-radius:8px;background:rgb(127 127 127/.15)}
.meta strong,.error{color:var(--cap-chat-error)}
.meta button,.attachment a{color:var(--cap-chat-accent);font-weight:600;text-decoration:underline}
.attachments{gap:8px;width:100%}
.attachment{display:block;border-radius:12px;overflow:hidden;max-width:260px}
.attachment img{display:block;width:100%;max-height:200px;object-fit:cover}
.attachment p,.attachment a{display:block;margin:8px 12px;font-weight:600}
.notice{align-self:center;max-width:90%;text-align:center;padding:4px 8px;border-radius:8px}
.warning{color:var(--cap-chat-warning)}
.dots{animation:blink 1.2s infinite}
.dots:before{content:"•••";letter-spacing:2px}
@keyframes blink{50%{opacity:.25}}
.end{align-self:stretch;text-align:center;background:none;border:0}
.new-messages{position:absolute;inset-block-end:8px;inset-inline:0;width:fit-content;margin:auto}
.composer{align-items:flex-end;padding:12px;border-block-start:1px solid var(--cap-chat-border)}
textarea{flex:1;font-size:16px;resize:none;max-height:140px;min-height:40px;padding:8px 12px;border-radius:20px;line-height:1.4}
::placeholder{color:var(--cap-chat-muted)}
.send{width:40px;height:40px}
[dir=rtl] .send svg{transform:scaleX(-1)}
@media (prefers-reduced-motion:reduce){*{animation:none!important}}
`;

let sharedSheet: CSSStyleSheet | null | undefined;

/** The stylesheet as one constructable sheet shared by every widget, or null where they are unsupported. */
export function getWidgetStyleSheet(): CSSStyleSheet | null {
  if (sharedSheet === undefined) {
    try {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(widgetStyles);
    } catch {
      sharedSheet = null;
    }
  }
  return sharedSheet;
}

/**
 * Adopts the stylesheet into `root` without a `<style>` element or style attributes, so a page whose CSP
 * forbids inline styles still renders the widget. Does nothing where constructable sheets are missing.
 */
export function adoptWidgetStyles(root: ShadowRoot): void {
  const sheet = getWidgetStyleSheet();
  if (!sheet || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
