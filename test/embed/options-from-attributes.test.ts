import { describe, expect, it } from "vitest";
import { OPTION_ATTRIBUTES, optionsFromAttributes, type OptionAttribute } from "../../src/embed/options-from-attributes.ts";

function read(attributes: Partial<Record<OptionAttribute, string>>) {
  return (name: OptionAttribute) => attributes[name] ?? null;
}

describe("optionsFromAttributes", () => {
  it("maps every documented attribute to its option", () => {
    const { options, invalid } = optionsFromAttributes(
      read({
        "messaging-url": "https://us-1.example.com",
        "connector-token": "token-1",
        host: "shop.example.com",
        streaming: "false",
        transport: "chat",
        "chat-url": "https://proxy.example.com/chat",
        "variant-id": "variant-b",
        "integration-attributes": '{"plan":"gold","seats":3}',
        "header-title": "Support",
        locale: "fr-FR",
        mode: "inline",
        position: "left",
        open: "",
        persist: "none",
        "welcome-text": "Ask us about moorings.",
        "avatar-url": "https://cdn.example.com/harbour.png",
        start: "load",
        prefetch: "intent",
        notify: "sound",
        id: "support",
        "companion-url": "/cap-chat",
        voice: "callback dni",
      }),
    );
    expect(invalid).toEqual([]);
    expect(options).toEqual({
      messagingUrl: "https://us-1.example.com",
      connectorToken: "token-1",
      host: "shop.example.com",
      streaming: false,
      transport: "chat",
      chatUrl: "https://proxy.example.com/chat",
      variantId: "variant-b",
      integrationAttributes: { plan: "gold", seats: 3 },
      headerTitle: "Support",
      locale: "fr-FR",
      mode: "inline",
      position: "left",
      open: true,
      persist: "none",
      welcomeText: "Ask us about moorings.",
      avatarUrl: "https://cdn.example.com/harbour.png",
      start: "load",
      prefetch: "intent",
      notify: "sound",
      id: "support",
      companionUrl: "/cap-chat",
      voice: "callback dni",
    });
  });

  it("lists the twenty-four attributes of the public contract", () => {
    expect(OPTION_ATTRIBUTES).toHaveLength(24);
  });

  it("sets nothing for absent attributes, so the widget defaults apply", () => {
    expect(optionsFromAttributes(read({}))).toEqual({ options: {}, invalid: [] });
  });

  it("treats an empty text attribute as absent", () => {
    expect(optionsFromAttributes(read({ "messaging-url": "", "header-title": "  " })).options).toEqual({});
  });

  it.each([
    ["", true],
    ["true", true],
    ["TRUE", true],
    ["1", true],
    ["on", true],
    ["false", false],
    ["0", false],
    ["no", false],
    ["off", false],
  ])("reads the boolean %j as %s", (value, expected) => {
    expect(optionsFromAttributes(read({ open: value, streaming: value })).options).toEqual({
      open: expected,
      streaming: expected,
    });
  });

  it("reports a boolean it cannot read and leaves it out", () => {
    const { options, invalid } = optionsFromAttributes(read({ streaming: "sometimes" }));
    expect(options).toEqual({});
    expect(invalid).toEqual([{ attribute: "streaming", value: "sometimes", reason: "expected true or false" }]);
  });

  it.each([
    ["transport", "websocket"],
    ["mode", "sidebar"],
    ["position", "start"],
    ["persist", "browser"],
    ["start", "click"],
    ["prefetch", "eager"],
    ["notify", "loud"],
  ] as const)("refuses %s=%j outside its documented words", (attribute, value) => {
    const { options, invalid } = optionsFromAttributes(read({ [attribute]: value }));
    expect(options).toEqual({});
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.attribute).toBe(attribute);
    expect(invalid[0]?.reason).toMatch(/^expected one of /);
  });

  it.each(["[1,2]", "null", "42", "{not json"])("refuses integration-attributes=%j that is not a JSON object", (value) => {
    const { options, invalid } = optionsFromAttributes(read({ "integration-attributes": value }));
    expect(options).toEqual({});
    expect(invalid).toEqual([{ attribute: "integration-attributes", value, reason: "expected a JSON object" }]);
  });

  it("keeps valid attributes when another one is invalid", () => {
    const { options, invalid } = optionsFromAttributes(read({ "header-title": "Help", mode: "giant" }));
    expect(options).toEqual({ headerTitle: "Help" });
    expect(invalid.map((problem) => problem.attribute)).toEqual(["mode"]);
  });
});
