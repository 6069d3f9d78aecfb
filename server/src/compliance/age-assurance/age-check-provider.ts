/**
 * An age-assurance vendor (ID document check, facial age estimation, ...) behind one interface: `start`
 * tells where the visitor completes the check, `complete` turns what came back into pass or fail. Only the
 * outcome and the method are kept (age-check-passes.ts): never a document, a picture or a birth date.
 */
export interface AgeCheckProvider {
  /** Stable name, shown to admins and recorded nowhere else. */
  readonly name: string;
  /**
   * Where the visitor goes to complete the check: a vendor's URL, or an in-app step. `reference` is the
   * signed attempt the completion must bring back; `returnTo` a same-site path to come back to.
   */
  start(attempt: { reference: string; returnTo: string }): Promise<{ url: string }>;
  /** The vendor's answer for an attempt (its callback's or the in-app step's fields). */
  complete(attempt: { reference: string; evidence: Readonly<Record<string, string>> }): Promise<AgeCheckOutcome>;
}

export type AgeCheckOutcome = { readonly passed: true; readonly method: string } | { readonly passed: false };

/**
 * The built-in provider: an in-app page (`/age-check/test-provider`) where the person says pass or fail.
 * It proves the whole flow (gate, start, completion, media unlocked) without a vendor; a production site
 * sets AGE_CHECK_PROVIDER to a vendor's adapter, since anyone can pass this one.
 */
export const testAgeCheckProvider: AgeCheckProvider = {
  name: 'test',
  async start({ reference, returnTo }) {
    const query = new URLSearchParams({ reference, returnTo });
    return { url: `/age-check/test-provider?${query}` };
  },
  async complete({ evidence }) {
    return evidence.outcome === 'pass' ? { passed: true, method: 'test' } : { passed: false };
  },
};
