import type { VoiceTexts } from "../voice-texts.ts";

/** Turkish. */
export default {
  callBack: "Beni geri arayın",
  callUs: "Bizi arayın",
  phoneNumber: "Telefon numarası",
  callMe: "Beni arayın",
  cancel: "İptal",
  invalidNumber: "Numarayı + ve ülke koduyla girin.",
  countryRefused: "Yalnızca {codes} ile başlayan numaraları arıyoruz.",
  tooMany: "Çok fazla istek. Daha sonra yeniden deneyin.",
  requestFailed: "Arama istenemedi. Yeniden deneyin.",
  requested: "Aramanız isteniyor…",
  queued: "Sizi birazdan arayacağız.",
  calling: "Sizi şimdi arıyoruz…",
  success: "Arama tamamlandı.",
  failure: "Arama gerçekleşmedi.",
  unavailable: "Bu aramanın durumu artık görüntülenemiyor.",
  checking: "Aramanız kontrol ediliyor…",
  reserving: "Numara alınıyor…",
  callUsOn: "Bizi şu numaradan arayın:",
  until: "{time} saatine kadar size ayrıldı.",
  reserveFailed: "Şu anda boş numara yok. Daha sonra yeniden deneyin.",
} satisfies VoiceTexts;
