import type { Participant } from "../../transport/conversation.ts";
import { safeUrl } from "../markdown/index.ts";

/**
 * A participant's picture, or the first letter of the name when there is no safe picture. Decorative:
 * the name is always written next to it.
 */
export function Avatar({ participant }: { participant: Participant | null }) {
  const source = safeUrl(participant?.avatarUrl ?? "");
  return source ? (
    <img class="avatar" src={source} alt="" />
  ) : (
    <span class="avatar" aria-hidden="true">
      {participant?.name.trim().charAt(0).toUpperCase() || "•"}
    </span>
  );
}
