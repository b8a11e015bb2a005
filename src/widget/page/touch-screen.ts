/**
 * Whether the visitor points with a finger. Opening the panel then focuses the panel, not the input:
 * focusing the input would pop up the on-screen keyboard over the conversation.
 */
export function isTouchScreen(): boolean {
  return Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches);
}
