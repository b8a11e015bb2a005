import type { ChatModel } from "../../model/chat-model.ts";

/** Suggested replies as buttons; choosing one sends its text and, as the list then goes, moves focus to the input. */
export function SuggestionList({ model, suggestions }: { model: ChatModel; suggestions: readonly string[] }) {
  return suggestions.length ? (
    <div part="suggestions" class="suggestions" role="group" aria-label={model.locale.value.suggestions}>
      {suggestions.map((suggestion) => (
        <button
          key={suggestion}
          part="suggestion"
          class="action"
          onClick={() => {
            model.client.chooseSuggestion(suggestion);
            model.focusInput();
          }}
        >
          {suggestion}
        </button>
      ))}
    </div>
  ) : null;
}
