import { AttachmentContentType } from "../../../src/protocol/index.ts";
import { type AgentAssets, type AgentLanguage, type AgentMessage, textMessage } from "./agent-message.ts";

/** The service agent's display name. */
export const serviceAgentName = "Cap Demo Assistant";

/** The simulated live agent. */
export const liveAgentProfile = { id: "live-agent-ada", name: "Ada (Support)" } as const;

/** Name of the queue the demo handoffs go to. */
export const demoQueueName = "general-support";

const starterSuggestions = ["Show me Markdown", "Send an image", "Talk to a human"];

/** The greeting sent when the service agent joins. */
export function greeting(language: AgentLanguage): AgentMessage {
  return language === "fr"
    ? textMessage("Bonjour ! Je suis l'assistant de démonstration. Que puis-je faire pour vous ?", starterSuggestions)
    : textMessage("Hi! I'm the **Cap demo assistant**. Ask me anything, or try one of the suggestions below.", starterSuggestions);
}

/**
 * The greeting of the Chat API, which carries text only: it names a few things to type instead of
 * pointing at suggestions that are not there.
 */
export function textOnlyGreeting(): AgentMessage {
  return textMessage(
    "Hi! I'm the **Cap demo assistant**. Ask me anything, or type **markdown**, **image** or **human** to see what I can do.",
  );
}

/** What the service agent says when it is asked back after a client-managed handoff. */
export function welcomeBack(language: AgentLanguage): AgentMessage {
  return language === "fr"
    ? textMessage("Me revoilà. Que puis-je faire d'autre pour vous ?")
    : textMessage("Welcome back! What else can I help you with?");
}

/** The answer to anything no trigger matches: it says what to try. */
export function fallback(language: AgentLanguage): AgentMessage {
  return language === "fr"
    ? textMessage(
        "Je suis un agent de démonstration. Essayez « markdown », « image », « link », « long », « human », « phone », « busy », « english » ou « goodbye ».",
        ["Show me Markdown", "Talk to a human", "English please"],
      )
    : textMessage(
        "I'm a demo agent, so I only know a few tricks. Try **markdown**, **image**, **link**, **long**, " +
          "**human** (a live agent), **phone** (a callback), **handoff fail**, **handoff timeout**, **busy**, " +
          "**french** or **goodbye**.",
        ["Show me Markdown", "Send a link", "Talk to a human", "Goodbye"],
      );
}

/** A message exercising every Markdown feature the widget renders. */
export function markdownShowcase(): AgentMessage {
  return textMessage(
    [
      "Here is **bold**, *italics* and `inline code`.",
      "",
      "- a bulleted item",
      "- another one, with a [link to the docs](https://example.com/docs)",
      "",
      "1. first",
      "2. second",
      "",
      "```ts",
      'const greeting = "hello";',
      "console.log(greeting);",
      "```",
    ].join("\n"),
    ["Send an image", "Send a link"],
  );
}

/** A comparison as agents write one: a GFM table with aligned columns, a price struck through, and a quote. */
export function tableReply(): AgentMessage {
  return textMessage(
    [
      "Here is how our plans compare:",
      "",
      "| Plan | Price a month | Support |",
      "|:--|--:|:-:|",
      "| Basic | €9 | Email |",
      "| Team | €29 | Chat |",
      "| Business | ~~€99~~ €79 | Phone, 24/7 |",
      "",
      "> Prices are per month, billed yearly.",
    ].join("\n"),
    ["Show me Markdown", "Talk to a human"],
  );
}

/** A message with an image attachment served by the reference server. */
export function imageReply(assets: AgentAssets): AgentMessage {
  return {
    text: "Here is a picture of the harbour at dusk.",
    attachments: [
      {
        title: "Harbour at dusk",
        preview_image_url: assets.imagePreviewUrl,
        content_url: assets.imageUrl,
        content_type: AttachmentContentType.Image,
        call_to_action_text: "",
      },
    ],
    suggestions: ["Send a link"],
  };
}

/** A message with a link card. */
export function linkReply(assets: AgentAssets): AgentMessage {
  return {
    text: "This guide explains how to embed the chat on your site.",
    attachments: [
      {
        title: "Embedding guide",
        preview_image_url: assets.linkPreviewUrl,
        content_url: assets.linkUrl,
        content_type: AttachmentContentType.Url,
        call_to_action_text: "Read the guide",
      },
    ],
    suggestions: ["Show me Markdown"],
  };
}

/**
 * The offer to book a table: a link card to the demo site's booking page carrying `eventId`, which the
 * site's backend sends back through the External Events API once the visitor confirms.
 */
export function bookingOffer(assets: AgentAssets, eventId: string, language: AgentLanguage): AgentMessage {
  return {
    text:
      language === "fr"
        ? "Avec plaisir ! Choisissez le jour et l'heure sur notre page de réservation : je vous confirme la table ici dès que c'est fait."
        : "Happy to! Pick a day and time on our booking page, and I'll confirm your table here as soon as you have.",
    attachments: [
      {
        title: language === "fr" ? "Réserver au Harbour Café" : "Book at the Harbour Café",
        preview_image_url: "",
        content_url: `${assets.bookingPageUrl}?event_id=${encodeURIComponent(eventId)}`,
        content_type: AttachmentContentType.Url,
        call_to_action_text: language === "fr" ? "Réserver une table" : "Book a table",
      },
    ],
    suggestions: [],
  };
}

/**
 * The confirmation once the site's booking workflow sent its result: the guests, day and time of a
 * `booking` object (JSON, or the flat `guests`, `date`, `time` fields of a form) when it has them.
 */
export function bookingConfirmed(fields: Record<string, unknown> | undefined, language: AgentLanguage): AgentMessage {
  const booking = typeof fields?.booking === "object" && fields.booking !== null ? (fields.booking as Record<string, unknown>) : fields;
  const part = (name: string) => (typeof booking?.[name] === "string" || typeof booking?.[name] === "number" ? String(booking[name]) : "");
  const [guests, date, time, reference] = [part("guests"), part("date"), part("time"), part("reference")];
  const when = date && time ? (language === "fr" ? ` le ${date} à ${time}` : ` on ${date} at ${time}`) : "";
  const size = guests ? (language === "fr" ? ` pour ${guests}` : ` for ${guests}`) : "";
  const code = reference ? ` (${reference})` : "";
  return textMessage(
    language === "fr"
      ? `C'est réservé : votre table${size}${when} est confirmée${code}. À bientôt au Harbour Café !`
      : `You're booked: your table${size}${when} is confirmed${code}. See you at the Harbour Café!`,
  );
}

/** A long answer of several paragraphs, to show streaming and scrolling. */
export function longReply(): AgentMessage {
  const paragraphs = [
    "Streaming lets an answer appear as it is written. The platform sends the answer as a series of chunks that share one message id; each chunk carries a fragment of the text and an index, and the last one says the message is complete.",
    "When the connection drops in the middle of an answer, nothing is lost. The client reconnects with the highest sequence number it has seen, and the server replays every chunk stored after it, so the message continues exactly where it stopped.",
    "A chat widget also has to stay usable while text keeps arriving: the transcript scrolls only when the reader is already at the bottom, screen readers are told about finished messages rather than every fragment, and the input stays available the whole time.",
    "Finally, agent text is untrusted. Markdown is rendered by building elements, never by inserting HTML, and links open safely in a new tab. That keeps an answer like this one harmless, however it was produced.",
  ];
  return textMessage(paragraphs.join("\n\n"), ["Show me Markdown", "Goodbye"]);
}

/** What the service agent says before handing over to a live agent. */
export function handoffIntro(): AgentMessage {
  return textMessage("Let me connect you with a member of our support team.");
}

/** What the service agent says before a client-managed handoff. */
export function callbackIntro(): AgentMessage {
  return textMessage("This needs a call with our team. The website will show you how to reach us by phone.");
}

/** What the service agent says after it rejoins from a failed or timed-out handoff. */
export function rejoinAfterHandoff(language: AgentLanguage): AgentMessage {
  return language === "fr"
    ? textMessage("Je suis de retour. Aucun conseiller n'est disponible pour le moment ; puis-je vous aider autrement ?")
    : textMessage("I'm back. No one from the team is available right now; is there anything else I can help with?", [
        "Show me Markdown",
        "Goodbye",
      ]);
}

/** The confirmation after switching language. */
export function languageSwitched(language: AgentLanguage): AgentMessage {
  return language === "fr"
    ? textMessage("D'accord, je continue en français. Tapez « english » pour revenir à l'anglais.", ["English please"])
    : textMessage("Sure, let's continue in English.", ["Show me Markdown"]);
}

/** The service agent's farewell before it ends the session. */
export function farewell(language: AgentLanguage): AgentMessage {
  return textMessage(language === "fr" ? "Merci et à bientôt !" : "Thanks for chatting. Goodbye!");
}

/** The live agent's first message. */
export function liveAgentGreeting(): AgentMessage {
  return textMessage(`Hi, I'm ${liveAgentProfile.name.split(" ")[0]}. I've read your conversation. How can I help?`);
}

/** The live agent's answer to a user message. */
export function liveAgentAnswer(userText: string): AgentMessage {
  const quoted = userText.length > 60 ? `${userText.slice(0, 57)}...` : userText;
  return textMessage(`Thanks, I've noted "${quoted}". Anything else? Say "bye" when you're done.`);
}

/** The live agent's farewell before it leaves and the session ends. */
export function liveAgentFarewell(): AgentMessage {
  return textMessage("Glad I could help. Have a great day!");
}
