// The demo pages' language switcher: a select of the widget's languages in the page's navigation. The choice
// lives in the address (`?lang=de`), so a reload keeps it, and reaches every widget of the page the way its
// delivery takes options: the `locale` attribute of each <cap-chat>, `update({ locale })` on the single-page
// app's controller, and, on a page whose script tag mounts the floating widget (this script's `data-boot`),
// `CapChat("boot", { locale })`. A classic script, so it runs under the strict policy too.
(() => {
  const codes = "en fr ar es de it pt pt-BR nl sv da nb fi pl cs tr ru uk ja ko zh-Hans zh-Hant hi he id vi th".split(" ");
  const bootsScriptTag = document.currentScript?.hasAttribute("data-boot") ?? false;
  const chosen = () => new URLSearchParams(location.search).get("lang") || undefined;

  const apply = (locale) => {
    for (const element of document.querySelectorAll("cap-chat")) {
      if (locale) element.setAttribute("locale", locale);
      else element.removeAttribute("locale");
    }
    window.capChatDemo?.controller.update({ locale });
    if (bootsScriptTag) window.CapChat?.("boot", locale ? { locale } : {});
  };

  // Before the script tag's file runs: its queued boot mounts the widget in the chosen language at once.
  if (bootsScriptTag && chosen()) window.CapChat?.("boot", { locale: chosen() });

  document.addEventListener("DOMContentLoaded", () => {
    const nav = document.querySelector("nav.demo-nav");
    if (!nav) return;
    const label = document.createElement("label");
    label.className = "language";
    label.append("Language ");
    const select = label.appendChild(document.createElement("select"));
    select.append(new Option("The browser's", ""));
    for (const code of codes) {
      select.append(new Option(new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code, code));
      select.lastElementChild.lang = code;
    }
    select.value = chosen() ?? "";
    select.addEventListener("change", () => {
      const address = new URL(location.href);
      if (select.value) address.searchParams.set("lang", select.value);
      else address.searchParams.delete("lang");
      history.replaceState(history.state, "", address);
      apply(select.value || undefined);
    });
    nav.append(label);
    if (!bootsScriptTag && chosen()) apply(chosen());
  });
})();
