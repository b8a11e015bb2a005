/** The `<cap-chat>` demo: the element's attributes are in the page; this logs its events as they bubble. */
const log = document.getElementById("event-log");
for (const name of ["cap-chat:open", "cap-chat:close", "cap-chat:message", "cap-chat:handoff-required", "cap-chat:call", "cap-chat:end"]) {
  document.addEventListener(name, (event) => {
    const item = document.createElement("li");
    const detail =
      event.detail && typeof event.detail === "object"
        ? "text" in event.detail
          ? `: ${event.detail.text.slice(0, 60)}`
          : "status" in event.detail
            ? `: ${event.detail.kind} ${event.detail.status}`
            : ""
        : "";
    item.textContent = `${name}${detail}`;
    log?.prepend(item);
    while (log && log.children.length > 8) log.lastElementChild?.remove();
  });
}

// The platform cannot route this visitor: the site tells them, in the panel, how to reach its team.
document.addEventListener("cap-chat:handoff-required", (event) => {
  event.detail.respond({ text: "Our team is waiting for your call at +1 555 0100.", url: "tel:+15550100", label: "Call +1 555 0100" });
});

void import("cap-chat/element");
