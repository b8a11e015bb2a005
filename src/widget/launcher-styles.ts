/**
 * The part of the widget's stylesheet that draws the floating launcher: the theme's custom properties, the
 * root's reset and the launcher's rules. The widget's stylesheet begins with it, and the script tag's loader
 * adopts it alone, so the launcher looks the same before and after the app has loaded. Rules shared with
 * other parts of the panel keep their grouping; they match nothing in the loader.
 */
export const launcherStyles = `
:host{--cap-chat-accent:#1d4ed8;--cap-chat-on-accent:#fff;--cap-chat-background:#fff;--cap-chat-surface:#f3f4f6;--cap-chat-text:#111827;--cap-chat-muted:#4b5563;--cap-chat-border:#d1d5db;--cap-chat-user-bubble:#1d4ed8;--cap-chat-on-user-bubble:#fff;--cap-chat-agent-bubble:var(--cap-chat-surface);--cap-chat-live-agent-bubble:#e6f4ea;--cap-chat-error:#b42318;--cap-chat-warning:#8a4b00;--cap-chat-radius:16px;--cap-chat-font:system-ui,sans-serif;--cap-chat-shadow:0 12px 40px rgb(15 23 42/.18),0 2px 8px rgb(15 23 42/.08);display:block;color-scheme:light dark;font-family:var(--cap-chat-font);color:var(--cap-chat-text)}
@media (prefers-color-scheme:dark){:host{--cap-chat-accent:#8ab4ff;--cap-chat-on-accent:#0b1220;--cap-chat-background:#16181d;--cap-chat-surface:#23262e;--cap-chat-text:#eef0f4;--cap-chat-muted:#aab1bf;--cap-chat-border:#3a3f4b;--cap-chat-user-bubble:#2b59c3;--cap-chat-live-agent-bubble:#1f3a2b;--cap-chat-error:#ff9b91;--cap-chat-warning:#f5c46b;--cap-chat-shadow:0 12px 40px rgb(0 0 0/.5)}}
*{box-sizing:border-box}
.root{all:initial;display:block;color-scheme:light dark;font-family:var(--cap-chat-font);font-size:15px;line-height:1.45;color:var(--cap-chat-text);text-align:start}
[hidden]{display:none!important}
button,textarea{font:inherit;color:inherit}
button{cursor:pointer;border:0;padding:0;background:none}
:focus-visible{outline:3px solid var(--cap-chat-accent);outline-offset:2px}
svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.launcher,.icon,.send,.avatar{flex:none;border-radius:50%;display:grid;place-items:center}
.launcher,.header,.send,.new-messages{background:var(--cap-chat-accent);color:var(--cap-chat-on-accent)}
.launcher,.floating .panel,.fullscreen .panel{position:fixed;z-index:2147483000}
.launcher,.floating .panel,.new-messages{box-shadow:var(--cap-chat-shadow)}
.launcher{inset-block-end:20px;inset-inline-end:20px;width:56px;height:56px}
.launcher svg{width:26px;height:26px}
`;
