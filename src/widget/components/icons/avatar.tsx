import type { Participant } from "../../../transport/conversation.ts";
import { safeUrl } from "../../markdown/index.ts";
import { Icon } from "./icons.tsx";

/**
 * A participant's picture (http or https only), or a head-and-shoulders icon when there is no safe one.
 * Decorative: the name is always written next to it, or is the name of what holds it.
 */
export function Avatar({ participant }: { participant: Participant | null }) {
  const source = safeUrl(participant?.avatarUrl ?? "");
  return source && /^https?:/i.test(source) ? (
    <img class="avatar" src={source} alt="" referrerpolicy="no-referrer" />
  ) : (
    <span class="avatar">
      <Icon name="person" />
    </span>
  );
}
