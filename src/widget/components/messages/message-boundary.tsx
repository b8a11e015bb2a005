import { Component } from "preact";
import { MessageItem, type MessageItemProps } from "./message-item.tsx";

/**
 * One message of the transcript as `MessageItem` shows it, kept from taking the transcript down with it:
 * should it ever fail to render, Preact would stop the rest of the transcript, the unread count and the
 * announcements with it; instead the message shows its text as written, and everything else goes on.
 */
export class MessageBoundary extends Component<MessageItemProps, { failed?: boolean }> {
  override componentDidCatch(): void {
    this.setState({ failed: true });
  }

  override render({ model, message }: MessageItemProps, { failed }: { failed?: boolean }) {
    return failed ? (
      <div part={`message message-${message.role}`} class={`message ${message.role}`} data-message-id={message.id}>
        <div class="bubble plain" dir="auto">
          {model.textOf(message)}
        </div>
      </div>
    ) : (
      <MessageItem {...this.props} />
    );
  }
}
