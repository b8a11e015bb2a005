/**
 * The floor of the browser benchmark: the least a chat launcher and panel can be with the widget's own
 * stack (Preact and @preact/signals in a custom element's shadow root), and the least client that shows an
 * agent's messages. It connects when the panel first opens, takes the reference server's Messaging API as
 * it is (token, session, socket, join), and shows text as it arrives, one text-node update per chunk, with
 * no Markdown, styling or reconnection. Built by the benchmark into an IIFE, as the script tag is.
 */
import { signal, type Signal } from "@preact/signals";
import { render } from "preact";

interface FloorMessage {
  id: string;
  role: "agent" | "user";
  text: Signal<string>;
}

const chunkType = "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK";
const messageType = "EVENT_TYPE_SERVICE_AGENT_MESSAGE";

const styles = `
.launcher{position:fixed;inset-block-end:20px;inset-inline-end:20px;width:56px;height:56px;border-radius:50%;border:0;background:#1f6feb;color:#fff}
.panel{position:fixed;inset-block-end:88px;inset-inline-end:20px;width:360px;height:520px;display:flex;flex-direction:column;background:#fff;border-radius:12px;box-shadow:0 8px 28px #0003;font:14px system-ui}
.panel[hidden]{display:none}
.log{flex:1;overflow:auto;padding:12px}
.bubble{white-space:pre-wrap;margin:4px 0;padding:8px 12px;border-radius:12px;background:#eef}
`;

function FloorChat({ host }: { host: HTMLElement }) {
  const open = signal(false);
  const messages = signal<FloorMessage[]>([]);
  const byId = new Map<string, FloorMessage>();
  let connected = false;

  const receive = (frame: { type?: string; payload?: Record<string, unknown> }) => {
    const payload = frame.payload ?? {};
    if (frame.type !== chunkType && frame.type !== messageType) return;
    const id = String(payload.message_id);
    const text = String(payload.text ?? "");
    const known = byId.get(id);
    if (known) {
      known.text.value += text;
      return;
    }
    const message: FloorMessage = { id, role: "agent", text: signal(text) };
    byId.set(id, message);
    messages.value = [...messages.value, message];
  };

  const connect = async () => {
    const base = host.getAttribute("messaging-url") ?? location.origin;
    const post = async (path: string, headers: Record<string, string>, body: unknown) => {
      const response = await fetch(`${base}/api/v1/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, string>;
    };
    const { access_token: token } = await post(
      "access-token",
      { "X-Token": host.getAttribute("connector-token") ?? "", "X-Host": location.hostname },
      {},
    );
    const { session_id: session } = await post(
      "sessions",
      { Authorization: `Bearer ${token}` },
      { platform: "web", streaming_enabled: true },
    );
    const socket = new WebSocket(`${base.replace(/^http/, "ws")}/ws?session_id=${session}&access_token=${token}`);
    let joined = false;
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data as string) as { type?: string; payload?: { events?: unknown[] } };
      if (!joined) {
        joined = true;
        socket.send(JSON.stringify({ type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN", payload: {} }));
      }
      const events = frame.type === "EVENT_TYPE_EVENT_BATCH" ? (frame.payload?.events ?? []) : [frame];
      for (const event of events) receive(event as never);
    };
  };

  const toggle = () => {
    open.value = !open.value;
    if (!connected) {
      connected = true;
      void connect();
    }
  };

  return () => (
    <>
      <style>{styles}</style>
      <button
        part="launcher"
        class="launcher"
        aria-label={open.value ? "Close chat" : "Open chat"}
        aria-expanded={open.value}
        onClick={toggle}
      >
        ✉
      </button>
      <section part="panel" class="panel" role="dialog" aria-label="Chat" hidden={!open.value}>
        <div part="log" class="log" role="log" aria-label="Conversation">
          {messages.value.map((message) => (
            <div key={message.id} part={`message message-${message.role}`} data-message-id={message.id}>
              <div class="bubble">{message.text}</div>
            </div>
          ))}
        </div>
        <input part="input" aria-label="Message" />
      </section>
    </>
  );
}

class FloorChatElement extends HTMLElement {
  connectedCallback(): void {
    const View = FloorChat({ host: this });
    render(<View />, this.shadowRoot ?? this.attachShadow({ mode: "open" }));
  }
}

customElements.define("floor-chat", FloorChatElement);
