import type { VoiceTexts } from "../voice-texts.ts";

/** Korean. */
export default {
  callBack: "전화 요청",
  callUs: "전화 문의",
  phoneNumber: "전화번호",
  callMe: "전화해 주세요",
  cancel: "취소",
  invalidNumber: "+와 국가 번호를 포함해 번호를 입력하세요.",
  countryRefused: "{codes}(으)로 시작하는 번호로만 전화합니다.",
  tooMany: "요청이 너무 많습니다. 나중에 다시 시도하세요.",
  requestFailed: "전화를 요청하지 못했습니다. 다시 시도하세요.",
  requested: "전화를 요청하는 중…",
  queued: "곧 전화드리겠습니다.",
  calling: "지금 전화하는 중…",
  success: "통화가 끝났습니다.",
  failure: "전화가 연결되지 않았습니다.",
  unavailable: "이 통화의 상태는 더 이상 확인할 수 없습니다.",
  checking: "통화를 확인하는 중…",
  reserving: "번호를 받는 중…",
  callUsOn: "전화 문의 번호:",
  until: "{time}까지 회원님께 배정됩니다.",
  reserveFailed: "지금은 사용할 수 있는 번호가 없습니다. 나중에 다시 시도하세요.",
} satisfies VoiceTexts;
