import type { VoiceTexts } from "../voice-texts.ts";

/** Russian. */
export default {
  callBack: "Перезвоните мне",
  callUs: "Позвоните нам",
  phoneNumber: "Номер телефона",
  callMe: "Позвоните мне",
  cancel: "Отмена",
  invalidNumber: "Введите номер с + и кодом страны.",
  countryRefused: "Мы звоним только на номера, начинающиеся с {codes}.",
  tooMany: "Слишком много запросов. Повторите позже.",
  requestFailed: "Не удалось заказать звонок. Повторите попытку.",
  requested: "Заказываем звонок…",
  queued: "Мы скоро вам позвоним.",
  calling: "Звоним вам…",
  success: "Звонок завершён.",
  failure: "Дозвониться не удалось.",
  unavailable: "Статус этого звонка больше недоступен.",
  checking: "Проверяем ваш звонок…",
  reserving: "Получаем номер…",
  callUsOn: "Позвоните нам по номеру",
  until: "Закреплён за вами до {time}.",
  reserveFailed: "Свободных номеров сейчас нет. Повторите позже.",
} satisfies VoiceTexts;
