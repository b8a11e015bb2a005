/**
 * A small single-page app: three routes switched with history.pushState, and one chat widget mounted
 * from the npm entry `cap-chat/widget`, outside the routed view, so a route change never touches it.
 */
import { mountChat } from "cap-chat/widget";
import { demoWidgetOptions } from "./demo-config.js";

const routes = {
  home: {
    title: "Harbour Supplies",
    paragraphs: ["Welcome to the harbour's chandlery. Browse the products or check your orders; the chat stays with you."],
  },
  products: {
    title: "Products",
    paragraphs: ["Rope, 12 mm, per metre.", "Brass cleat, 15 cm.", "Tide table for the season."],
  },
  orders: {
    title: "Orders",
    paragraphs: ["Order 1042: shipped.", "Order 1043: being packed."],
  },
};

const view = document.getElementById("route-view");

function currentRoute() {
  const name = new URLSearchParams(location.search).get("route");
  return name && name in routes ? name : "home";
}

function render(moveFocus) {
  const name = currentRoute();
  const route = routes[name];
  const heading = document.createElement("h1");
  heading.textContent = route.title;
  const body = route.paragraphs.map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  });
  view.replaceChildren(heading, ...body);
  document.title = `${route.title} · cap-chat single-page app`;
  for (const link of document.querySelectorAll("a[data-route]")) {
    if (link.dataset.route === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (moveFocus) view.focus();
  // The chat's context follows the route, so the agent knows what the visitor is looking at.
  window.capChatDemo?.controller.setContext({ page: name });
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-route]") : null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  history.pushState(null, "", link.href);
  render(true);
});
window.addEventListener("popstate", () => render(true));
render(false);

const host = document.getElementById("chat-host");
const controller = mountChat(host.attachShadow({ mode: "open" }), { ...demoWidgetOptions, context: { page: currentRoute() } });
window.capChatDemo = { controller };
