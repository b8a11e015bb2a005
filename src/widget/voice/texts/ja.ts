import type { VoiceTexts } from "../voice-texts.ts";

/** Japanese. */
export default {
  callBack: "折り返し電話を依頼",
  callUs: "電話で問い合わせる",
  phoneNumber: "電話番号",
  callMe: "電話してください",
  cancel: "キャンセル",
  invalidNumber: "+ と国番号から番号を入力してください。",
  countryRefused: "{codes} で始まる番号にのみおかけします。",
  tooMany: "リクエストが多すぎます。しばらくしてからお試しください。",
  requestFailed: "電話を依頼できませんでした。もう一度お試しください。",
  requested: "電話を依頼しています…",
  queued: "まもなくお電話します。",
  calling: "ただいまお電話しています…",
  success: "通話が終了しました。",
  failure: "電話がつながりませんでした。",
  unavailable: "この通話の状態は確認できなくなりました。",
  checking: "通話を確認しています…",
  reserving: "番号を取得しています…",
  callUsOn: "お電話はこちらへ:",
  until: "{time} まであなた専用です。",
  reserveFailed: "現在空いている番号がありません。しばらくしてからお試しください。",
} satisfies VoiceTexts;
