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

void import("cap-chat/element");
