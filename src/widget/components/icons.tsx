import type { JSX } from "preact";

// One 24-unit path per icon keeps the shapes small and crisp; they inherit the text colour.
const icon = (path: string) => (): JSX.Element => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d={path} />
  </svg>
);

/** A speech bubble, for the launcher. */
export const ChatIcon = icon("M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z");
/** A cross. */
export const CloseIcon = icon("M6 6l12 12M18 6L6 18");
/** A line, for minimising the panel. */
export const MinimiseIcon = icon("M5 12h14");
/** A paper plane pointing to the inline end. */
export const SendIcon = icon("M4 12l16-8-6 16-2.5-6.5zM11.5 13.5L20 4");
/** A door with an arrow leaving it, for ending the conversation. */
export const EndIcon = icon("M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11");
