import type { VoiceTexts } from "../voice-texts.ts";

/** Hindi. */
export default {
  callBack: "मुझे वापस कॉल करें",
  callUs: "हमें कॉल करें",
  phoneNumber: "फ़ोन नंबर",
  callMe: "मुझे कॉल करें",
  cancel: "रद्द करें",
  invalidNumber: "नंबर + और देश कोड के साथ डालें।",
  countryRefused: "हम केवल {codes} से शुरू होने वाले नंबरों पर कॉल करते हैं।",
  tooMany: "बहुत अधिक अनुरोध। बाद में फिर कोशिश करें।",
  requestFailed: "कॉल का अनुरोध नहीं हो सका। फिर कोशिश करें।",
  requested: "आपकी कॉल का अनुरोध किया जा रहा है…",
  queued: "हम जल्द ही आपको कॉल करेंगे।",
  calling: "अभी आपको कॉल कर रहे हैं…",
  success: "कॉल पूरी हुई।",
  failure: "कॉल नहीं लग पाई।",
  unavailable: "इस कॉल की स्थिति अब उपलब्ध नहीं है।",
  checking: "आपकी कॉल की जाँच हो रही है…",
  reserving: "नंबर लिया जा रहा है…",
  callUsOn: "हमें इस नंबर पर कॉल करें:",
  until: "{time} तक आपके लिए आरक्षित।",
  reserveFailed: "अभी कोई नंबर खाली नहीं है। बाद में फिर कोशिश करें।",
} satisfies VoiceTexts;
