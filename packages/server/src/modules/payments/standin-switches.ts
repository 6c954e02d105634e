/**
 * Test switches of the gateway stand-ins' refund calls, as the real sandboxes' negative testing
 * offers: refuse the next refunds with a given code, or take them and hold the answer until
 * `release` (the caller times out: the refund exists at the gateway, its answer never arrived).
 */
export class RefundSwitches {
  /** The gateway's refusal code for the next refunds, or null to take them. */
  refuse: string | null = null;
  private held: { promise: Promise<void>; release: () => void } | null = null;

  get holding(): boolean {
    return this.held !== null;
  }

  hold(): void {
    if (this.held) return;
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.held = { promise, release };
  }

  release(): void {
    this.held?.release();
    this.held = null;
  }

  /** Resolves at once, or when the answers held are released. */
  async answer(): Promise<void> {
    if (this.held) await this.held.promise;
  }
}
