/**
 * Hands out a session's sequence numbers. By default stored events are numbered 1, 2, 3…; when
 * `skipping`, every transient event consumes a number of its own (though it is still sent with
 * `sequence: null`) and every stored event skips one more, so stored sequences only ever increase.
 */
export class SequenceNumbers {
  private last = 0;

  constructor(private readonly skipping: boolean) {}

  /** The sequence of the next stored event. */
  nextStored(): number {
    this.last += this.last > 0 && this.skipping ? 2 : 1;
    return this.last;
  }

  /** Records a transient event, which consumes a number only when skipping. */
  transientSent(): void {
    if (this.skipping) this.last += 1;
  }
}
