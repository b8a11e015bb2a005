import type { VoiceTexts } from "../voice-texts.ts";

/** Thai. */
export default {
  callBack: "โทรกลับหาฉัน",
  callUs: "โทรหาเรา",
  phoneNumber: "หมายเลขโทรศัพท์",
  callMe: "โทรหาฉัน",
  cancel: "ยกเลิก",
  invalidNumber: "ป้อนหมายเลขพร้อม + และรหัสประเทศ",
  countryRefused: "เราโทรเฉพาะหมายเลขที่ขึ้นต้นด้วย {codes}",
  tooMany: "มีคำขอมากเกินไป โปรดลองอีกครั้งภายหลัง",
  requestFailed: "ขอสายไม่สำเร็จ โปรดลองอีกครั้ง",
  requested: "กำลังขอสายของคุณ…",
  queued: "เราจะโทรหาคุณในไม่ช้า",
  calling: "กำลังโทรหาคุณ…",
  success: "การโทรเสร็จสิ้น",
  failure: "โทรไม่ติด",
  unavailable: "สถานะของการโทรนี้ไม่มีแล้ว",
  checking: "กำลังตรวจสอบการโทรของคุณ…",
  reserving: "กำลังขอหมายเลข…",
  callUsOn: "โทรหาเราที่",
  until: "จองไว้ให้คุณถึง {time}",
  reserveFailed: "ขณะนี้ไม่มีหมายเลขว่าง โปรดลองอีกครั้งภายหลัง",
} satisfies VoiceTexts;
