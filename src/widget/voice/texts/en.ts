import type { VoiceTexts } from "../voice-texts.ts";

/** English. */
export default {
  callBack: "Call me back",
  callUs: "Call us",
  phoneNumber: "Phone number",
  callMe: "Call me",
  cancel: "Cancel",
  invalidNumber: "Enter the number with + and the country code.",
  countryRefused: "We only call numbers starting with {codes}.",
  tooMany: "Too many requests. Try later.",
  requestFailed: "Could not request the call. Try again.",
  requested: "Requesting your call…",
  queued: "We will call you shortly.",
  calling: "Calling you now…",
  success: "Call completed.",
  failure: "The call did not go through.",
  unavailable: "This call's status has expired.",
  checking: "Checking on your call…",
  reserving: "Getting a number…",
  callUsOn: "Call us on",
  until: "Yours until {time}.",
  reserveFailed: "No number is free now. Try later.",
} satisfies VoiceTexts;
