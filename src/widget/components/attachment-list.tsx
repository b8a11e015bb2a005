import { AttachmentContentType, type Attachment } from "../../protocol/index.ts";
import { safeUrl } from "../markdown/index.ts";

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const link = safeUrl(attachment.content_url);
  const preview = safeUrl(attachment.preview_image_url || (attachment.content_type === AttachmentContentType.Image ? attachment.content_url : ""));
  if (attachment.content_type === AttachmentContentType.Image) {
    if (!preview) return null;
    const image = <img src={preview} alt={attachment.title} loading="lazy" />;
    return link ? (
      <a part="attachment" class="attachment" href={link} {...external}>
        {image}
      </a>
    ) : (
      <div part="attachment" class="attachment">
        {image}
      </div>
    );
  }
  return (
    <div part="attachment" class="attachment">
      {preview && <img src={preview} alt="" loading="lazy" />}
      {attachment.title && <p>{attachment.title}</p>}
      {link && (
        <a class="cta" href={link} {...external}>
          {attachment.call_to_action_text || attachment.title || link}
        </a>
      )}
    </div>
  );
}

/**
 * An agent message's attachments: images as lazy previews named by their title, everything else as a link
 * card. Only http, https and mailto addresses are used; links open in a new tab without an opener.
 */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  if (!attachments.length) return null;
  return (
    <div class="attachments">
      {attachments.map((attachment, index) => (
        <AttachmentView key={index} attachment={attachment} />
      ))}
    </div>
  );
}
