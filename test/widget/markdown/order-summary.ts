/** An agent answer that uses every block and inline form, with one link the renderer must refuse. */
export const orderSummaryMarkdown = [
  "# Your order",
  "Thanks for asking! Here is what I found about **order _#4521_**:",
  "",
  "1. Shipped on *Monday* via [our courier](https://courier.example/track?id=4521)",
  "2. Arrives `Thursday`, see https://shop.example/orders/4521.",
  "   - signature **required**",
  "",
  "> Tip: reply with __help__ for more.",
  "",
  "```json",
  '{ "id": 4521, "note": "<b>fragile</b>" }',
  "```",
  "---",
  "Contact [support](mailto:support@shop.example) or ignore [this](javascript:alert(1)).",
].join("\n");
