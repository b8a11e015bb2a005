/**
 * What only the end of a conversation needs, loaded on demand (see `endingFile`): the question that confirms
 * ending it, and the button that saves it as text.
 */
export { DownloadConversation } from "./download-conversation.tsx";
export { EndConfirmation } from "./end-confirmation.tsx";
