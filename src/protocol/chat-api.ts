/** Shapes of the turn-based Chat API, the fallback transport. */

export interface ChatCreateRequest {
  variant_id?: string;
  integration_attributes?: Record<string, unknown>;
  channel?: string;
}

export interface ChatCreateResponse {
  conversation_id: string;
  response: string;
}

export interface ChatRespondRequest {
  conversation_id: string;
  message?: string;
}

export interface ChatHandoff {
  destination: string;
  reason: string;
}

export interface ChatRespondResponse {
  conversation_id: string;
  response: string;
  end_conversation: boolean;
  handoff?: ChatHandoff;
}

export interface ChatCloseRequest {
  conversation_id: string;
}

export interface ChatCloseResponse {
  success: true;
}

/** The body of every Chat API error, as the platform sends it. */
export interface ChatErrorBody {
  success: false;
  error_code: string;
  error_message: string;
}

/** Header names of the Chat API; the platform treats them as case-sensitive. */
export const ChatHeader = {
  ApiKey: "X-API-KEY",
  Token: "X-TOKEN",
} as const;

/** Chat API path: `{base}/v1/{account}/{project}/chat/{action}`. */
export type ChatAction = "create" | "respond" | "close";
