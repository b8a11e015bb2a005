/** A set of positive integers kept as runs of consecutive numbers, as `createSequenceSet` builds it. */
export interface SequenceSet {
  has(sequence: number): boolean;
  add(sequence: number): void;
  /** How many runs of consecutive numbers it holds: what its memory grows with. */
  readonly runs: number;
}

/**
 * A set of event sequences whose memory grows with the gaps between them, not with their count: a session's
 * sequences mostly follow one another, so a stream of thousands of events is one run. It is kept as
 * `[first, last]` pairs of inclusive runs in ascending order, in one flat array; a number next to a run
 * joins it, and a number that closes a gap merges the two runs. Adding the next number of the newest run,
 * as live events do, takes constant time; any other look-up is a binary search.
 */
export function createSequenceSet(): SequenceSet {
  // Run `index` is `[bounds[2 * index], bounds[2 * index + 1]]`.
  const bounds: number[] = [];
  /** The index of the first run whose last number is at least `sequence`; the number of runs if none. */
  const runFrom = (sequence: number): number => {
    let low = 0;
    let high = bounds.length / 2;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (bounds[2 * middle + 1]! < sequence) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    has(sequence) {
      // A live event's sequence is past every run: no search needed.
      if (bounds.length === 0 || sequence > bounds[bounds.length - 1]!) return false;
      const run = runFrom(sequence);
      return run < bounds.length / 2 && bounds[2 * run]! <= sequence;
    },
    add(sequence) {
      const end = bounds.length;
      if (end > 0 && bounds[end - 1] === sequence - 1) {
        bounds[end - 1] = sequence;
        return;
      }
      const run = runFrom(sequence);
      const first = bounds[2 * run];
      if (first !== undefined && first <= sequence) return;
      const joinsBefore = run > 0 && bounds[2 * run - 1] === sequence - 1;
      const joinsAfter = first === sequence + 1;
      if (joinsBefore && joinsAfter) bounds.splice(2 * run - 1, 2);
      else if (joinsBefore) bounds[2 * run - 1] = sequence;
      else if (joinsAfter) bounds[2 * run] = sequence;
      else bounds.splice(2 * run, 0, sequence, sequence);
    },
    get runs() {
      return bounds.length / 2;
    },
  };
}
