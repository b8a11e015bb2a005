import type { VoiceTexts } from "../voice-texts.ts";

/** Indonesian. */
export default {
  callBack: "Telepon saya kembali",
  callUs: "Hubungi kami",
  phoneNumber: "Nomor telepon",
  callMe: "Telepon saya",
  cancel: "Batal",
  invalidNumber: "Masukkan nomor dengan + dan kode negara.",
  countryRefused: "Kami hanya menelepon nomor yang diawali {codes}.",
  tooMany: "Terlalu banyak permintaan. Coba lagi nanti.",
  requestFailed: "Panggilan tidak dapat diminta. Coba lagi.",
  requested: "Meminta panggilan Anda…",
  queued: "Kami akan segera menelepon Anda.",
  calling: "Sedang menelepon Anda…",
  success: "Panggilan selesai.",
  failure: "Panggilan tidak tersambung.",
  unavailable: "Status panggilan ini sudah tidak tersedia.",
  checking: "Memeriksa panggilan Anda…",
  reserving: "Mendapatkan nomor…",
  callUsOn: "Hubungi kami di",
  until: "Dipesan untuk Anda sampai {time}.",
  reserveFailed: "Tidak ada nomor yang tersedia sekarang. Coba lagi nanti.",
} satisfies VoiceTexts;
