import { describe, expect, it } from "vitest";
import { environmentVariables, settingsFromEnvironment } from "../../../src/server/configuration/cli-config.ts";

const required = {
  ALLOWED_ORIGINS: "https://www.example.com, https://example.com",
  SIGNING_SECRET: "cli-test-signing-secret-0123456789ab",
  CHAT_API_URL: "https://chat.example/v1/acme/support/chat",
  CHAT_API_KEY: "key",
  CHAT_API_TOKEN: "token",
};

describe("settingsFromEnvironment", () => {
  it("reads the required variables and fills every default", () => {
    expect(settingsFromEnvironment(required)).toEqual({
      port: 8788,
      host: "127.0.0.1",
      logLevel: "info",
      proxy: {
        prefix: "/cap-chat",
        allowedOrigins: ["https://www.example.com", "https://example.com"],
        signingSecret: ["cli-test-signing-secret-0123456789ab"],
        chat: { url: "https://chat.example/v1/acme/support/chat", apiKey: "key", token: "token" },
        trustProxy: false,
        maxBodyBytes: 32768,
        maxUpstreamBodyBytes: 1048576,
        rateLimit: {
          visitor: { requests: 30, windowSeconds: 60 },
          address: { requests: 120, windowSeconds: 60 },
          create: { requests: 10, windowSeconds: 60 },
          accessToken: { requests: 20, windowSeconds: 60 },
          callback: { requests: 3, windowSeconds: 3600 },
          callbackAddress: { requests: 10, windowSeconds: 3600 },
          callbackNumber: { requests: 3, windowSeconds: 86400 },
          callbackStatus: { requests: 60, windowSeconds: 60 },
          dni: { requests: 5, windowSeconds: 3600 },
        },
        pageAttributes: [],
        cookie: { secure: "auto", sameSite: "Strict", lifetimeSeconds: 86400 },
        upstreamTimeoutMilliseconds: 60000,
      },
    });
  });

  it("reads every optional variable", () => {
    const settings = settingsFromEnvironment({
      ...required,
      MESSAGING_URL: "https://us-1.messaging.example",
      CONNECTOR_TOKEN: "connector",
      CONNECTOR_HOST: "www.example.com",
      PORT: "9000",
      HOST: "0.0.0.0",
      PATH_PREFIX: "/support",
      TRUST_PROXY: "2",
      MAX_BODY_BYTES: "4096",
      MAX_UPSTREAM_BODY_BYTES: "65536",
      VISITOR_RATE_LIMIT: "10/30",
      ADDRESS_RATE_LIMIT: "off",
      CREATE_RATE_LIMIT: "3/60",
      ACCESS_TOKEN_RATE_LIMIT: "off",
      OUTBOUND_URL: "https://us-1.platform.example",
      OUTBOUND_SERVICE_AUTH_TOKEN: "service-token",
      CALLING_CODE: "+44",
      CALLBACK_CALLING_CODES: "+44, +1 212",
      DNI_URL: "https://us-1.platform.example",
      DNI_API_KEY: "dni-key",
      CALLBACK_RATE_LIMIT: "1/600",
      CALLBACK_ADDRESS_RATE_LIMIT: "off",
      CALLBACK_NUMBER_RATE_LIMIT: "2/86400",
      CALLBACK_STATUS_RATE_LIMIT: "30/60",
      DNI_RATE_LIMIT: "2/3600",
      PAGE_ATTRIBUTES: "plan, locale",
      COOKIE_SECURE: "true",
      COOKIE_SAME_SITE: "lax",
      COOKIE_LIFETIME_SECONDS: "3600",
      UPSTREAM_TIMEOUT_MS: "5000",
      LOG_LEVEL: "warn",
    });
    expect(settings).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      logLevel: "warn",
      proxy: {
        prefix: "/support",
        messaging: { url: "https://us-1.messaging.example", connectorToken: "connector", host: "www.example.com" },
        trustProxy: 2,
        maxBodyBytes: 4096,
        maxUpstreamBodyBytes: 65536,
        rateLimit: {
          visitor: { requests: 10, windowSeconds: 30 },
          address: false,
          create: { requests: 3, windowSeconds: 60 },
          accessToken: false,
          callback: { requests: 1, windowSeconds: 600 },
          callbackAddress: false,
          callbackNumber: { requests: 2, windowSeconds: 86400 },
          callbackStatus: { requests: 30, windowSeconds: 60 },
          dni: { requests: 2, windowSeconds: 3600 },
        },
        outbound: {
          url: "https://us-1.platform.example",
          serviceAuthToken: "service-token",
          callingCode: "+44",
          allowedCallingCodes: ["+44", "+1 212"],
        },
        dni: { url: "https://us-1.platform.example", apiKey: "dni-key" },
        pageAttributes: ["plan", "locale"],
        cookie: { secure: true, sameSite: "Lax", lifetimeSeconds: 3600 },
        upstreamTimeoutMilliseconds: 5000,
      },
    });
    expect(environmentVariables.map((variable) => variable.name).sort()).toEqual(
      [
        ...Object.keys(required),
        "MESSAGING_URL",
        "CONNECTOR_TOKEN",
        "CONNECTOR_HOST",
        "PORT",
        "HOST",
        "PATH_PREFIX",
        "TRUST_PROXY",
        "MAX_BODY_BYTES",
        "MAX_UPSTREAM_BODY_BYTES",
        "VISITOR_RATE_LIMIT",
        "ADDRESS_RATE_LIMIT",
        "CREATE_RATE_LIMIT",
        "ACCESS_TOKEN_RATE_LIMIT",
        "OUTBOUND_URL",
        "OUTBOUND_SERVICE_AUTH_TOKEN",
        "CALLING_CODE",
        "CALLBACK_CALLING_CODES",
        "DNI_URL",
        "DNI_API_KEY",
        "CALLBACK_RATE_LIMIT",
        "CALLBACK_ADDRESS_RATE_LIMIT",
        "CALLBACK_NUMBER_RATE_LIMIT",
        "CALLBACK_STATUS_RATE_LIMIT",
        "DNI_RATE_LIMIT",
        "PAGE_ATTRIBUTES",
        "COOKIE_SECURE",
        "COOKIE_SAME_SITE",
        "COOKIE_LIFETIME_SECONDS",
        "UPSTREAM_TIMEOUT_MS",
        "LOG_LEVEL",
      ].sort(),
    );
  });

  it("lists every problem at once", () => {
    const attempt = () =>
      settingsFromEnvironment({
        CHAT_API_URL: "https://chat.example/chat",
        PORT: "eighty",
        TRUST_PROXY: "maybe",
        VISITOR_RATE_LIMIT: "lots",
        COOKIE_SAME_SITE: "sometimes",
      });
    expect(attempt).toThrow(/ALLOWED_ORIGINS is required/);
    expect(attempt).toThrow(/SIGNING_SECRET is required/);
    expect(attempt).toThrow(/CHAT_API_KEY and CHAT_API_TOKEN must be set with CHAT_API_URL/);
    expect(attempt).toThrow(/PORT must be a port number/);
    expect(attempt).toThrow(/TRUST_PROXY must be/);
    expect(attempt).toThrow(/VISITOR_RATE_LIMIT must be requests\/seconds/);
    expect(attempt).toThrow(/COOKIE_SAME_SITE must be one of Strict, Lax, None/);
  });

  it("serves the voice routes alone, and asks for the other half of a half-set door", () => {
    const base = { ALLOWED_ORIGINS: required.ALLOWED_ORIGINS, SIGNING_SECRET: required.SIGNING_SECRET };
    expect(settingsFromEnvironment({ ...base, DNI_URL: "https://platform.example", DNI_API_KEY: "k" }).proxy.dni).toEqual({
      url: "https://platform.example",
      apiKey: "k",
    });
    expect(() => settingsFromEnvironment({ ...base, OUTBOUND_URL: "https://platform.example" })).toThrow(
      /OUTBOUND_SERVICE_AUTH_TOKEN must be set with OUTBOUND_URL/,
    );
  });

  it("asks for an upstream when none is set, and treats empty values as unset", () => {
    expect(() =>
      settingsFromEnvironment({ ALLOWED_ORIGINS: required.ALLOWED_ORIGINS, SIGNING_SECRET: required.SIGNING_SECRET, CHAT_API_URL: " " }),
    ).toThrow(/Set CHAT_API_URL, CHAT_API_KEY and CHAT_API_TOKEN, or MESSAGING_URL/);
  });
});

describe("the README", () => {
  it("documents every variable the command reads", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile(new URL("../../../README.md", import.meta.url), "utf8");
    const companionSection = readme.slice(readme.indexOf("## The server companion"), readme.indexOf("## Demo pages"));
    for (const variable of environmentVariables) expect(companionSection, variable.name).toContain(`\`${variable.name}\``);
  });
});
