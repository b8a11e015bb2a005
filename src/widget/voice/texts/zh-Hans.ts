import type { VoiceTexts } from "../voice-texts.ts";

/** Chinese, simplified. */
export default {
  callBack: "请给我回电",
  callUs: "致电我们",
  phoneNumber: "电话号码",
  callMe: "请打给我",
  cancel: "取消",
  invalidNumber: "请输入带 + 和国家代码的完整号码。",
  countryRefused: "我们只拨打以 {codes} 开头的号码。",
  tooMany: "请求过多，请稍后再试。",
  requestFailed: "无法申请回电，请重试。",
  requested: "正在申请回电…",
  queued: "我们会尽快给您打电话。",
  calling: "正在给您打电话…",
  success: "通话已结束。",
  failure: "电话未能接通。",
  unavailable: "此通话的状态已无法查看。",
  checking: "正在查询您的通话…",
  reserving: "正在获取号码…",
  callUsOn: "请拨打",
  until: "为您保留至 {time}。",
  reserveFailed: "目前没有空闲号码，请稍后再试。",
} satisfies VoiceTexts;
