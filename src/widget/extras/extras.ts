/**
 * What only some conversations show, loaded on demand (see `extrasFile`): the handoff's story line, the
 * preview and the `prompt` bubble beside a closed launcher, and a message's attachments.
 */
export { AttachmentList } from "../components/messages/attachment-list.tsx";
export { LauncherPreview } from "../components/launcher/launcher-preview.tsx";
export { StoryItem } from "../components/transcript/story-item.tsx";
