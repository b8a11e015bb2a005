/**
 * The sound and browser notifications of the `notify` option: a file of its own, loaded only by a page that
 * asks for them. One tab of the browser alerts for a reply: each tab that would claims it, waits a moment
 * to hear the others, and the best claim wins, unless the reply was seen meanwhile, in any tab, or the
 * browser keeps it as alerted for already; the reply's Web Lock keeps two winners of late-heard claims
 * from both alerting.
 */
import { markdownPlainText } from "../markdown/index.ts";
import { NotifyOffer } from "./notify-offer.tsx";
import type { ChatModel } from "../model/chat-model.ts";
import type { ChatMessage } from "../../transport/conversation.ts";
import type { Alerts, AttentionMessage } from "./attention.ts";
import { alertedKey, notificationAnswerKey, recall, remember } from "./local-memory.ts";

/** How long a tab waits to hear other tabs' claims before it alerts. */
export const claimMilliseconds = 300;

/** How long the tab that alerts for a reply keeps its lock (see `once`). */
const lockMilliseconds = 5000;

/** Alerted replies kept. */
const keptAlerts = 20;

/**
 * The alerts of the widget of `model`, telling the other tabs through `post`; a reply is alerted for only
 * while it is `unread`. A sound needs a page the visitor has used, as browsers ask: the audio is made ready at the
 * visitor's first click or key press. A notification needs the visitor's yes to the panel's offer and the
 * browser's permission, and shows only while the page is hidden or out of focus; clicking it opens the panel.
 * The panel shows the offer from now on.
 */
export function createAlerts(model: ChatModel, post: (message: AttentionMessage) => void, unread: (id: string) => boolean): Alerts {
  model.offer.value = NotifyOffer;
  const tab = Math.random().toString(36).slice(2);
  const claims = new Map<string, { tab: string; rank: number }>();
  let audio: AudioContext | undefined;
  const prepareAudio = () => {
    try {
      audio ??= new AudioContext();
      void audio.resume();
    } catch {
      // No Web Audio here: no sound.
    }
  };
  if (model.notify.peek() === "sound")
    for (const gesture of ["pointerdown", "keydown"]) addEventListener(gesture, prepareAudio, { capture: true, once: true, passive: true });
  // A tab whose audio may play ranks first; ties go to the smaller tab name.
  const rank = () => (model.notify.peek() !== "sound" || navigator.userActivation?.hasBeenActive ? 2 : 1);
  const alert = (reply: ChatMessage) => {
    if (model.notify.peek() === "sound") {
      prepareAudio();
      if (audio) tone(audio);
    } else if (
      (document.hidden || !document.hasFocus()) &&
      recall(notificationAnswerKey) === "on" &&
      Notification.permission === "granted"
    ) {
      const author = reply.author ?? model.identity.peek();
      const notification = new Notification(author.name, {
        body: markdownPlainText(reply.text),
        tag: reply.id,
        ...(author.avatarUrl ? { icon: author.avatarUrl } : {}),
      });
      notification.onclick = () => {
        focus();
        model.setOpen(true);
        notification.close();
      };
    }
  };
  return {
    claim(reply) {
      const notify = model.notify.peek();
      if ((notify !== "sound" && (notify !== "system" || reply.role !== "live-agent")) || alerted().includes(reply.id)) return;
      const mine = { tab, rank: rank() };
      post({ claim: reply.id, ...mine });
      setTimeout(() => {
        const other = claims.get(reply.id);
        const outranked = other && (other.rank > mine.rank || (other.rank === mine.rank && other.tab < tab));
        const done = alerted();
        if (outranked || done.includes(reply.id) || !unread(reply.id)) return;
        once(reply.id, () => {
          remember(alertedKey, JSON.stringify([reply.id, ...alerted().slice(0, keptAlerts - 1)]));
          try {
            alert(reply);
          } catch {
            // A browser that refuses (a notification without a service worker, on Android) simply does not alert.
          }
        });
      }, claimMilliseconds);
    },
    hear({ claim, tab: from, rank: claimed }) {
      const best = claim ? claims.get(claim) : undefined;
      if (claim && from && claimed && (!best || claimed > best.rank || (claimed === best.rank && from < best.tab)))
        claims.set(claim, { tab: from, rank: claimed });
    },
  };
}

/**
 * Runs `run` for reply `id` in one tab at most. Claims heard late (a busy or throttled tab) can leave two tabs
 * each thinking it won, and storage may not yet show one tab's record to the other: the reply's Web Lock,
 * where the browser has them, is taken by one tab only and kept until every tab's storage shows the record.
 */
function once(id: string, run: () => void): void {
  if (!navigator.locks) return run();
  void navigator.locks.request(`${alertedKey}:${id}`, { ifAvailable: true }, (lock) => {
    if (!lock || alerted().includes(id)) return;
    run();
    return new Promise((resolve) => setTimeout(resolve, lockMilliseconds));
  });
}

/** The replies some tab of the browser alerted for, newest first. */
function alerted(): string[] {
  try {
    const stored: unknown = JSON.parse(recall(alertedKey) ?? "[]");
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

/** One short, soft two-note chime, made on the spot. */
function tone(audio: AudioContext): void {
  const start = audio.currentTime;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.setValueAtTime(880, start);
  oscillator.frequency.setValueAtTime(1320, start + 0.09);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.3);
}
