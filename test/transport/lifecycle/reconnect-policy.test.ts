import { describe, expect, it } from "vitest";
import { heartbeatInterval, messageSizeLimit, reconnectBudget, reconnectDelay } from "../../../src/transport/lifecycle/reconnect-policy.ts";

describe("reconnect policy", () => {
  it("doubles from 1 s to a 30 s cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => reconnectDelay(attempt, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("jitters by ±20 %", () => {
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(6, () => 0.999999)).toBe(36000);
  });

  it("takes the budget and heartbeat from the capabilities, with defaults 10 and 30 s when absent or malformed", () => {
    expect(reconnectBudget(null)).toBe(10);
    expect(reconnectBudget({ max_reconnect_attempts: 3 })).toBe(3);
    expect(reconnectBudget({ max_reconnect_attempts: -1 })).toBe(10);
    expect(reconnectBudget({ max_reconnect_attempts: 2.5 })).toBe(10);
    expect(heartbeatInterval({})).toBe(30000);
    expect(heartbeatInterval({ heartbeat_interval_seconds: 5 })).toBe(5000);
    expect(heartbeatInterval({ heartbeat_interval_seconds: -5 })).toBe(30000);
  });

  it("reads a capability of 0 as unlimited reconnects and heartbeats off", () => {
    expect(reconnectBudget({ max_reconnect_attempts: 0 })).toBe(Number.POSITIVE_INFINITY);
    expect(heartbeatInterval({ heartbeat_interval_seconds: 0 })).toBe(0);
  });

  it("takes the message size limit when positive, else 128 KB", () => {
    expect(messageSizeLimit(null)).toBe(131072);
    expect(messageSizeLimit({ max_message_size_bytes: 4096 })).toBe(4096);
    expect(messageSizeLimit({ max_message_size_bytes: 0 })).toBe(131072);
  });
});
