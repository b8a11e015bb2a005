import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";

/** Hands the one model of a mounted widget to every component below `App`. */
export const ModelContext = createContext<ChatModel | null>(null);

/** The model of the enclosing widget; throws when a component is rendered outside `App`. */
export function useModel(): ChatModel {
  const model = useContext(ModelContext);
  if (!model) throw new Error("cap-chat components need a ChatModel from ModelContext");
  return model;
}
