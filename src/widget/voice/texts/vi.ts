import type { VoiceTexts } from "../voice-texts.ts";

/** Vietnamese. */
export default {
  callBack: "Gọi lại cho tôi",
  callUs: "Gọi cho chúng tôi",
  phoneNumber: "Số điện thoại",
  callMe: "Hãy gọi cho tôi",
  cancel: "Hủy",
  invalidNumber: "Nhập số có dấu + và mã quốc gia.",
  countryRefused: "Chúng tôi chỉ gọi các số bắt đầu bằng {codes}.",
  tooMany: "Quá nhiều yêu cầu. Hãy thử lại sau.",
  requestFailed: "Không thể yêu cầu cuộc gọi. Hãy thử lại.",
  requested: "Đang yêu cầu cuộc gọi…",
  queued: "Chúng tôi sẽ sớm gọi cho bạn.",
  calling: "Đang gọi cho bạn…",
  success: "Cuộc gọi đã kết thúc.",
  failure: "Cuộc gọi không kết nối được.",
  unavailable: "Trạng thái của cuộc gọi này không còn nữa.",
  checking: "Đang kiểm tra cuộc gọi…",
  reserving: "Đang lấy số…",
  callUsOn: "Gọi cho chúng tôi theo số",
  until: "Dành riêng cho bạn đến {time}.",
  reserveFailed: "Hiện không còn số trống. Hãy thử lại sau.",
} satisfies VoiceTexts;
