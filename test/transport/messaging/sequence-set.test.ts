import { describe, expect, it } from "vitest";
import { createSequenceSet } from "../../../src/transport/messaging/sequence-set.ts";

const setOf = (...sequences: number[]) => {
  const set = createSequenceSet();
  for (const sequence of sequences) set.add(sequence);
  return set;
};
const members = (set: ReturnType<typeof createSequenceSet>, upTo: number) =>
  Array.from({ length: upTo }, (_, index) => index + 1).filter((sequence) => set.has(sequence));

describe("SequenceSet", () => {
  it("holds what was added and nothing else", () => {
    const set = setOf(3, 9, 4);
    expect(members(set, 12)).toEqual([3, 4, 9]);
    expect(set.has(0)).toBe(false);
    expect(createSequenceSet().has(1)).toBe(false);
  });

  it("keeps consecutive numbers as one run, in whatever order they come", () => {
    expect(setOf(...Array.from({ length: 500 }, (_, index) => index + 1)).runs).toBe(1);
    expect(setOf(5, 3, 1, 2, 4).runs).toBe(1);
    expect(setOf(10, 8, 9, 7, 6).runs).toBe(1);
  });

  it("merges the two runs a number between them joins", () => {
    const set = setOf(1, 2, 4, 5);
    expect(set.runs).toBe(2);
    set.add(3);
    expect(set.runs).toBe(1);
    expect(members(set, 6)).toEqual([1, 2, 3, 4, 5]);
  });

  it("grows a run at either end, and starts one in a gap too far from both", () => {
    const set = setOf(10, 20);
    set.add(11);
    set.add(19);
    set.add(15);
    expect(set.runs).toBe(3);
    expect(members(set, 25)).toEqual([10, 11, 15, 19, 20]);
  });

  it("ignores a number it holds already", () => {
    const set = setOf(1, 2, 3, 7);
    set.add(2);
    set.add(7);
    expect(set.runs).toBe(2);
    expect(members(set, 8)).toEqual([1, 2, 3, 7]);
  });

  it("takes one run per number when sequences skip, each found again", () => {
    const set = setOf(...Array.from({ length: 100 }, (_, index) => 2 * index + 1));
    expect(set.runs).toBe(100);
    expect(members(set, 200).length).toBe(100);
    expect(set.has(100)).toBe(false);
  });
});
