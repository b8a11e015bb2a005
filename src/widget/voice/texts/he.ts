import type { VoiceTexts } from "../voice-texts.ts";

/** Hebrew. */
export default {
  callBack: "חזרו אליי",
  callUs: "התקשרו אלינו",
  phoneNumber: "מספר טלפון",
  callMe: "התקשרו אליי",
  cancel: "ביטול",
  invalidNumber: "הזינו את המספר עם + וקידומת המדינה.",
  countryRefused: "אנחנו מתקשרים רק למספרים שמתחילים ב־{codes}.",
  tooMany: "יותר מדי בקשות. נסו שוב מאוחר יותר.",
  requestFailed: "לא ניתן היה לבקש את השיחה. נסו שוב.",
  requested: "מבקשים את השיחה שלכם…",
  queued: "נתקשר אליכם בקרוב.",
  calling: "מתקשרים אליכם עכשיו…",
  success: "השיחה הסתיימה.",
  failure: "השיחה לא עברה.",
  unavailable: "מצב השיחה הזו כבר אינו זמין.",
  checking: "בודקים את השיחה שלכם…",
  reserving: "משיגים מספר…",
  callUsOn: "התקשרו אלינו למספר",
  until: "שמור עבורכם עד {time}.",
  reserveFailed: "אין כרגע מספר פנוי. נסו שוב מאוחר יותר.",
} satisfies VoiceTexts;
