import { act } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showLoaderLauncher } from "../../../src/embed/loader-launcher.ts";
import { renderWidget } from "../support/render-widget.ts";

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the position option", () => {
  it("puts the floating widget on the left whatever the language, and changes live without a new client", async () => {
    vi.useFakeTimers();
    const { root, controller } = renderWidget({ locale: "ar", position: "left" });
    const wrapper = () => root.querySelector(".root") as HTMLElement;
    expect(wrapper().className).toBe("root floating left");
    const client = controller.client;
    await act(() => controller.update({ position: "right" }));
    expect(wrapper().className).toBe("root floating");
    expect(controller.client).toBe(client);
  });

  it("places the loader's launcher where the widget's will be", () => {
    const root = document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
    showLoaderLauncher(root, { position: "left" }, () => {});
    expect(root.querySelector(".root")?.className).toBe("root floating left");
  });
});
