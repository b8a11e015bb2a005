import type { VoiceTexts } from "../voice-texts.ts";

/** Arabic. */
export default {
  callBack: "اتصلوا بي",
  callUs: "اتصل بنا",
  phoneNumber: "رقم الهاتف",
  callMe: "اتصلوا بي",
  cancel: "إلغاء",
  invalidNumber: "أدخل الرقم كاملًا، بدءًا بـ + ورمز البلد.",
  countryRefused: "لا يمكننا الاتصال إلا بالأرقام التي تبدأ بـ {codes}.",
  tooMany: "طلبات كثيرة جدًا. يُرجى المحاولة لاحقًا.",
  requestFailed: "تعذّر طلب المكالمة. يُرجى المحاولة مرة أخرى.",
  requested: "جارٍ طلب مكالمتك…",
  queued: "سنتصل بك قريبًا.",
  calling: "جارٍ الاتصال بك الآن…",
  success: "اكتملت المكالمة.",
  failure: "لم تتم المكالمة.",
  unavailable: "حالة هذه المكالمة لم تعد متاحة.",
  checking: "جارٍ التحقق من مكالمتك…",
  reserving: "جارٍ الحصول على رقم…",
  callUsOn: "اتصل بنا على",
  until: "محجوز لك حتى {time}.",
  reserveFailed: "لا يتوفر رقم حاليًا. يُرجى المحاولة لاحقًا.",
} satisfies VoiceTexts;
