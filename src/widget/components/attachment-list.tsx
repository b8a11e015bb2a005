import { AttachmentContentType, type Attachment } from "../../protocol/index.ts";
import { safeUrl } from "../markdown/index.ts";

const external = { target: "_blank", rel: "noopener noreferrer" };

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { title, content_url: address } = attachment;
  const isImage = attachment.content_type === AttachmentContentType.Image;
  const link = safeUrl(address);
  const preview = safeUrl(attachment.preview_image_url || (isImage ? address : ""));
  if (isImage && !preview) return null;
  // An image is a link as a whole; a card names its link by its call to action.
  const imageLink = isImage && link;
  const Card = imageLink ? "a" : "div";
  return (
    <Card part="attachment" class="attachment" {...(imageLink ? { href: imageLink, ...external } : null)}>
      {preview && <img src={preview} alt={isImage ? title : ""} loading="lazy" />}
      {!isImage && title && <p>{title}</p>}
      {!isImage && link && (
        <a href={link} {...external}>
          {attachment.call_to_action_text || title || link}
        </a>
      )}
    </Card>
  );
}

/**
 * An agent message's attachments: images as lazy previews named by their title, everything else as a link
 * card. Only http, https and mailto addresses are used; links open in a new tab without an opener.
 */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  return attachments.length ? (
    <div class="attachments">
      {attachments.map((attachment, index) => (
        <AttachmentView key={index} attachment={attachment} />
      ))}
    </div>
  ) : null;
}
