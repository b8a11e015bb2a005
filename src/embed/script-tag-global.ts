/**
 * The types of `cap-chat/cap-chat.js`, the script-tag file: it exports nothing and defines the global
 * `window.CapChat(command, ...args)`. A page that bundles the file by its package name gets the global
 * typed from here.
 */
import type { CapChatFunction } from "./command-queue.ts";

declare global {
  interface Window {
    CapChat?: CapChatFunction;
  }
}

export {};
