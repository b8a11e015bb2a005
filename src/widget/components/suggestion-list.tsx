import { useModel } from "./model-context.ts";

/** Suggested replies as buttons; choosing one sends its text. */
export function SuggestionList({ suggestions }: { suggestions: readonly string[] }) {
  const model = useModel();
  if (!suggestions.length) return null;
  return (
    <div part="suggestions" class="suggestions">
      {suggestions.map((suggestion) => (
        <button key={suggestion} type="button" part="suggestion" class="action" onClick={() => model.client.chooseSuggestion(suggestion)}>
          {suggestion}
        </button>
      ))}
    </div>
  );
}
