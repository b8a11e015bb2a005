/**
 * One 24-unit stroked path per icon; the stylesheet sets stroke and size, and the text colour paints it.
 * A file of its own, free of Preact, so the script tag's loader draws the launcher's icon from it too.
 */
export const iconPaths = {
  /** A speech bubble, for the launcher. */
  chat: "M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z",
  /** A cross. */
  close: "M6 6l12 12M18 6L6 18",
  /** A line, for minimising the panel. */
  minimise: "M5 12h14",
  /** A paper plane pointing to the inline end. */
  send: "M4 12l16-8-6 16-2.5-6.5zM11.5 13.5L20 4",
  /** The usual "exit" sign, a door frame with an arrow leaving it: ending the conversation, someone leaving. */
  end: "M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 17l5-5-5-5M21 12H9",
  /** Three dots in a row, for the header's menu. */
  more: "M6 12a1 1 0 1 1-2 0 1 1 0 0 1 2 0zM13 12a1 1 0 1 1-2 0 1 1 0 0 1 2 0zM20 12a1 1 0 1 1-2 0 1 1 0 0 1 2 0z",
  /** Head and shoulders: the picture of someone who has none. */
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0",
  /** A clock, for a handoff under way. */
  wait: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  /** An arrow pointing down, to the newest messages. */
  down: "M12 5v14M6 13l6 6 6-6",
  /** A circled "i", for a handoff that settled without a person. */
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16v-5M12 8h.01",
};
