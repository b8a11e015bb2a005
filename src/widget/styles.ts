/**
 * The widget's whole stylesheet. Theme colours, radius and font are `--cap-chat-*` custom properties on the
 * host, so a page overrides them from outside; layout uses logical properties so `dir="rtl"` mirrors it.
 */
export const widgetStyles = `
:host{--cap-chat-accent:#1d4ed8;--cap-chat-on-accent:#fff;--cap-chat-background:#fff;--cap-chat-surface:#f3f4f6;--cap-chat-text:#111827;--cap-chat-muted:#4b5563;--cap-chat-border:#d1d5db;--cap-chat-user-bubble:#1d4ed8;--cap-chat-on-user-bubble:#fff;--cap-chat-agent-bubble:#f3f4f6;--cap-chat-live-agent-bubble:#e6f4ea;--cap-chat-error:#b42318;--cap-chat-warning:#8a4b00;--cap-chat-radius:16px;--cap-chat-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--cap-chat-shadow:0 12px 40px rgb(15 23 42/.18),0 2px 8px rgb(15 23 42/.08);display:block;color-scheme:light dark;font-family:var(--cap-chat-font);color:var(--cap-chat-text)}
@media (prefers-color-scheme:dark){:host{--cap-chat-accent:#8ab4ff;--cap-chat-on-accent:#0b1220;--cap-chat-background:#16181d;--cap-chat-surface:#23262e;--cap-chat-text:#eef0f4;--cap-chat-muted:#aab1bf;--cap-chat-border:#3a3f4b;--cap-chat-user-bubble:#2b59c3;--cap-chat-agent-bubble:#23262e;--cap-chat-live-agent-bubble:#1f3a2b;--cap-chat-error:#ff9b91;--cap-chat-warning:#f5c46b;--cap-chat-shadow:0 12px 40px rgb(0 0 0/.5)}}
*{box-sizing:border-box}
[hidden]{display:none!important}
button,textarea{font:inherit;color:inherit}
button{cursor:pointer}
:focus-visible{outline:3px solid var(--cap-chat-accent);outline-offset:2px}
.hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.launcher{position:fixed;inset-block-end:20px;inset-inline-end:20px;z-index:2147483000;width:56px;height:56px;border:0;border-radius:50%;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent);box-shadow:var(--cap-chat-shadow);display:grid;place-items:center;transition:transform .2s}
.launcher:hover{transform:scale(1.06)}
.launcher svg{width:26px;height:26px}
.badge{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#b42318;color:#fff;font-size:12px;font-weight:700;line-height:22px}
.panel{display:flex;flex-direction:column;background:var(--cap-chat-background);color:var(--cap-chat-text);overflow:hidden;font-size:15px;line-height:1.45}
.floating .panel{position:fixed;z-index:2147483000;inset-block-end:88px;inset-inline-end:20px;width:380px;height:min(640px,calc(100vh - 110px));border-radius:var(--cap-chat-radius);box-shadow:var(--cap-chat-shadow);animation:rise .2s ease-out}
.inline .panel{height:var(--cap-chat-height,560px);border:1px solid var(--cap-chat-border);border-radius:var(--cap-chat-radius)}
.fullscreen .panel{position:fixed;inset:0;z-index:2147483000}
@media (max-width:479px){.floating .panel{inset:var(--cap-chat-viewport-top,0) 0 auto;width:100%;height:var(--cap-chat-viewport-height,100dvh);border-radius:0}}
@keyframes rise{from{opacity:0;transform:translateY(12px)}}
.header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent)}
.heading{flex:1;min-width:0}
.title{margin:0;font-size:16px;font-weight:650}
.status{margin:0;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.icon{border:0;background:transparent;color:inherit;width:36px;height:36px;border-radius:50%;display:grid;place-items:center}
.icon:hover{background:rgb(127 127 127/.25)}
.icon svg{width:20px;height:20px}
.avatar{flex:none;width:32px;height:32px;border-radius:50%;object-fit:cover;display:grid;place-items:center;background:var(--cap-chat-surface);color:var(--cap-chat-text);font-weight:700;font-size:14px}
.banner{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:10px 14px;font-size:14px;background:var(--cap-chat-surface);border-block-end:1px solid var(--cap-chat-border)}
.banner .avatar{width:24px;height:24px}
.banner p{margin:0;flex:1}
.action{border:1px solid var(--cap-chat-accent);background:var(--cap-chat-background);color:var(--cap-chat-text);border-radius:999px;padding:5px 12px;font-size:14px}
.action:hover{background:var(--cap-chat-surface)}
.log{flex:1;overflow-y:auto;padding:16px 14px;display:flex;flex-direction:column;gap:10px;overscroll-behavior:contain}
.message{display:flex;flex-direction:column;align-items:flex-start;max-width:85%}
.message.user{align-self:flex-end;align-items:flex-end}
.author{display:flex;align-items:center;gap:6px;font-size:13px;color:var(--cap-chat-muted);margin-block-end:4px}
.author .avatar{width:22px;height:22px;font-size:11px}
.bubble{padding:9px 13px;border-radius:var(--cap-chat-radius);border-end-start-radius:4px;background:var(--cap-chat-agent-bubble);overflow-wrap:anywhere}
.user .bubble{background:var(--cap-chat-user-bubble);color:var(--cap-chat-on-user-bubble);border-end-start-radius:var(--cap-chat-radius);border-end-end-radius:4px;white-space:pre-wrap}
.live-agent .bubble{background:var(--cap-chat-live-agent-bubble)}
.failed .bubble{outline:2px solid var(--cap-chat-error)}
.bubble>:first-child{margin-block-start:0}
.bubble>:last-child{margin-block-end:0}
.bubble a{color:inherit}
.bubble pre{overflow-x:auto;padding:8px;border-radius:8px;background:rgb(127 127 127/.15)}
.meta{display:flex;align-items:center;gap:6px;font-size:12px;color:var(--cap-chat-muted);margin-block-start:3px}
.meta .failed-text{color:var(--cap-chat-error);font-weight:600}
.meta button{border:0;background:none;padding:0;color:var(--cap-chat-accent);font-size:12px;font-weight:600;text-decoration:underline}
.attachments{display:flex;flex-direction:column;gap:8px;margin-block-start:6px;width:100%}
.attachment{display:block;border:1px solid var(--cap-chat-border);border-radius:12px;overflow:hidden;background:var(--cap-chat-background);max-width:260px}
.attachment img{display:block;width:100%;max-height:200px;object-fit:cover}
.attachment p{margin:8px 10px;font-weight:600}
.attachment a.cta{display:block;margin:0 10px 10px;color:var(--cap-chat-accent);font-weight:600}
.suggestions{display:flex;flex-wrap:wrap;gap:6px;margin-block-start:8px}
.notice{align-self:center;max-width:90%;text-align:center;font-size:13px;color:var(--cap-chat-muted);padding:4px 10px;border-radius:8px;background:var(--cap-chat-surface)}
.notice.warning{color:var(--cap-chat-warning)}
.notice.error{color:var(--cap-chat-error)}
.typing{display:flex;align-items:center;gap:8px;font-size:13px;color:var(--cap-chat-muted)}
.dots{display:flex;gap:3px;padding:10px 12px;border-radius:var(--cap-chat-radius);background:var(--cap-chat-agent-bubble)}
.dots i{width:6px;height:6px;border-radius:50%;background:var(--cap-chat-muted);animation:blink 1.2s infinite}
.dots i:nth-child(2){animation-delay:.2s}
.dots i:nth-child(3){animation-delay:.4s}
@keyframes blink{50%{opacity:.25}}
.end{align-self:stretch;text-align:center;font-size:14px;color:var(--cap-chat-muted);display:flex;flex-direction:column;align-items:center;gap:8px;padding:8px}
.end p{margin:0}
.new-messages{position:absolute;inset-block-end:8px;inset-inline-start:50%;translate:-50%;border:0;border-radius:999px;padding:6px 14px;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent);box-shadow:var(--cap-chat-shadow);font-size:13px}
[dir=rtl] .new-messages{translate:50%}
.body{position:relative;flex:1;display:flex;flex-direction:column;min-height:0}
.composer{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-block-start:1px solid var(--cap-chat-border)}
.composer textarea{flex:1;resize:none;max-height:140px;min-height:40px;padding:9px 12px;border:1px solid var(--cap-chat-border);border-radius:20px;background:var(--cap-chat-background);line-height:1.4}
.composer textarea:disabled{opacity:.6}
.composer textarea::placeholder{color:var(--cap-chat-muted)}
.send{flex:none;width:40px;height:40px;border:0;border-radius:50%;background:var(--cap-chat-accent);color:var(--cap-chat-on-accent);display:grid;place-items:center}
.send:disabled{opacity:.5;cursor:default}
.send svg{width:20px;height:20px}
[dir=rtl] .send svg{transform:scaleX(-1)}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
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
  if (!sheet || !("adoptedStyleSheets" in root) || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
