/**
 * The voice panel's rules, adopted into the widget's shadow root when `voice` loads, over the banner's
 * (the panel's strip under the header, which the phone field's form and the call's status are): the
 * form's label, field and note take the strip's width, its buttons share the line below, and the menu's
 * added items keep the text colour (only "End conversation" warns).
 */
export const voiceStyles = `.call>:not(.action){flex-basis:100%}
.call input{padding:8px;border:1px solid var(--cap-chat-border);border-radius:8px;font:inherit;font-size:16px}
.call [aria-invalid=true]{border-color:var(--cap-chat-error)}
.call .error{color:var(--cap-chat-error)}
.menu-item:not([part=end]){color:inherit}`;
