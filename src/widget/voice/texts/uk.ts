import type { VoiceTexts } from "../voice-texts.ts";

/** Ukrainian. */
export default {
  callBack: "Передзвоніть мені",
  callUs: "Зателефонуйте нам",
  phoneNumber: "Номер телефону",
  callMe: "Зателефонуйте мені",
  cancel: "Скасувати",
  invalidNumber: "Введіть номер із + та кодом країни.",
  countryRefused: "Ми телефонуємо лише на номери, що починаються з {codes}.",
  tooMany: "Забагато запитів. Спробуйте пізніше.",
  requestFailed: "Не вдалося замовити дзвінок. Спробуйте ще раз.",
  requested: "Замовляємо дзвінок…",
  queued: "Ми скоро вам зателефонуємо.",
  calling: "Телефонуємо вам…",
  success: "Дзвінок завершено.",
  failure: "Дзвінок не відбувся.",
  unavailable: "Статус цього дзвінка більше недоступний.",
  checking: "Перевіряємо ваш дзвінок…",
  reserving: "Отримуємо номер…",
  callUsOn: "Зателефонуйте нам за номером",
  until: "Закріплено за вами до {time}.",
  reserveFailed: "Вільних номерів зараз немає. Спробуйте пізніше.",
} satisfies VoiceTexts;
