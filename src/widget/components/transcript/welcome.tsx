import type { ChatModel } from "../../model/chat-model.ts";
import { Avatar } from "../icons/avatar.tsx";

/**
 * What opens the conversation, so the panel is never a blank area before the first message: the agent's
 * picture (the `avatarUrl` option, else the agent's own) and the `welcomeText` option (the header already
 * says the title).
 */
export function Welcome({ model }: { model: ChatModel }) {
  const text = model.welcomeText.value;
  const avatarUrl = model.avatarUrl.value;
  return (
    <div part="welcome" class="welcome">
      <Avatar participant={avatarUrl ? { name: "", avatarUrl } : model.identity.value} />
      {text && <p>{text}</p>}
    </div>
  );
}
