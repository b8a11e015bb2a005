import { AttachmentContentType, type Attachment } from "../../../protocol/index.ts";
import { adoptExtrasStyles } from "../../extras/extras-styles.ts";
import { EXTERNAL_LINK, hostNote, safeUrl } from "../../markdown/index.ts";

/** An image source: an http(s) URL `safeUrl` accepts, or null; a `mailto:` is a link, never an image. */
function imageSource(url: string): string | null {
  const checked = safeUrl(url);
  return checked && /^https?:/i.test(checked) ? checked : null;
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { title, content_url: address } = attachment;
  const isImage = attachment.content_type === AttachmentContentType.Image;
  const link = safeUrl(address);
  const preview = imageSource(attachment.preview_image_url || (isImage ? address : ""));
  if (isImage && !preview) return null;
  // An image is a link as a whole; a card names its link by its call to action.
  const imageLink = isImage && link;
  const Card = imageLink ? "a" : "div";
  const linkText = attachment.call_to_action_text || title || link;
  const note = link && hostNote(linkText ?? "", link);
  return (
    <Card part="attachment" class="attachment" {...(imageLink ? { href: imageLink, ...EXTERNAL_LINK } : null)}>
      {preview && <img src={preview} alt={isImage ? title : ""} loading="lazy" referrerpolicy="no-referrer" />}
      {!isImage && title && <p>{title}</p>}
      {!isImage && link && (
        <a href={link} {...EXTERNAL_LINK}>
          {note ? (
            <>
              <bdi>{linkText}</bdi> <bdi>({note})</bdi>
            </>
          ) : (
            linkText
          )}
        </a>
      )}
    </Card>
  );
}

/**
 * An agent message's attachments: images as lazy previews named by their title, everything else as a link
 * card. Only http, https and mailto addresses are used, and only http(s) ones as images, which load without
 * the page's address; links open in a new tab without an opener, and a card's link text that reads as an
 * address elsewhere shows the host it leads to (see `hostNote`).
 */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  return attachments.length ? (
    <div ref={adoptExtrasStyles} class="attachments">
      {attachments.map((attachment, index) => (
        <AttachmentView key={index} attachment={attachment} />
      ))}
    </div>
  ) : null;
}
