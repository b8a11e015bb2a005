import type { VoiceTexts } from "../voice-texts.ts";

/** Chinese, traditional. */
export default {
  callBack: "請回電給我",
  callUs: "致電我們",
  phoneNumber: "電話號碼",
  callMe: "請打給我",
  cancel: "取消",
  invalidNumber: "請輸入含 + 和國碼的完整號碼。",
  countryRefused: "我們只撥打以 {codes} 開頭的號碼。",
  tooMany: "要求過多，請稍後再試。",
  requestFailed: "無法申請回電，請再試一次。",
  requested: "正在申請回電…",
  queued: "我們會盡快打電話給您。",
  calling: "正在打電話給您…",
  success: "通話已結束。",
  failure: "電話未能接通。",
  unavailable: "此通話的狀態已無法查看。",
  checking: "正在查詢您的通話…",
  reserving: "正在取得號碼…",
  callUsOn: "請撥打",
  until: "為您保留至 {time}。",
  reserveFailed: "目前沒有空閒號碼，請稍後再試。",
} satisfies VoiceTexts;
