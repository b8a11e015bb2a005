import { describe, expect, it } from "vitest";
import { maximum, median, minimum, percentile } from "./statistics.ts";

describe("median", () => {
  it("is the middle value of an odd count, whatever the order", () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it("is NaN for no values", () => {
    expect(median([])).toBeNaN();
  });

  it("leaves its input in its original order", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("minimum", () => {
  it("is the smallest value, and NaN for none", () => {
    expect(minimum([2, 7, 3])).toBe(2);
    expect(minimum([])).toBeNaN();
  });
});

describe("maximum", () => {
  it("is the largest value, and NaN for none", () => {
    expect(maximum([2, 7, 3])).toBe(7);
    expect(maximum([])).toBeNaN();
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(values, 0.95)).toBe(19);
    expect(percentile(values, 0.5)).toBe(10);
    expect(percentile(values, 1)).toBe(20);
  });

  it("never ranks below the smallest value", () => {
    expect(percentile([8, 6], 0.01)).toBe(6);
  });
});
