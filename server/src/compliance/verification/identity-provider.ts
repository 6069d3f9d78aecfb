/**
 * The seam between Velvet and whoever checks a person's identity (ARCHITECTURE.md "Adapters"). The built-in
 * provider is manual review in the moderator console; a vendor (ID scan and face match) plugs in here
 * without the rest of the flow changing: `start` sends the creator to the vendor, and the vendor's signed
 * callback carries the identity and the decision back (README.md "Providers").
 */
export interface IdentityProvider {
  /** Stored with every submission and used in the callback address: `/api/identity/callback/<name>`. */
  readonly name: string;
  /** What the creator does next: fill in the form here, or continue at the vendor's address. */
  start(account: VerifyingAccount): Promise<ProviderStart>;
  /**
   * A vendor's callback: checks its signature over the exact bytes received and reads the decision.
   * Throws `identity_callback_rejected` when the signature does not verify or the payload is not understood.
   * Providers that decide in the console (manual) have none, and their callback address answers not_found.
   */
  readonly receiveCallback?: (callback: ProviderCallback) => Promise<ProviderDecision>;
}

export interface VerifyingAccount {
  readonly userId: number;
  readonly username: string;
  readonly email: string | null;
  /** Where the vendor sends the creator back to when done. */
  readonly returnUrl: string;
}

export type ProviderStart =
  | { readonly kind: 'collect' }
  | { readonly kind: 'redirect'; readonly url: string; readonly reference: string };

export interface ProviderCallback {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
}

/** A person as a provider established them. `dateOfBirth` is an ISO day (YYYY-MM-DD). */
export interface ProvidedIdentity {
  readonly legalName: string;
  readonly dateOfBirth: string;
  readonly aliases: readonly string[];
}

export type ProviderDecision =
  | { readonly reference: string; readonly outcome: 'approved'; readonly identity: ProvidedIdentity }
  | { readonly reference: string; readonly outcome: 'rejected'; readonly reason: string };

/** The built-in provider: the creator submits name, birth date, aliases, ID images and a selfie here; a moderator decides. */
export const manualIdentityProvider: IdentityProvider = {
  name: 'manual',
  async start() {
    return { kind: 'collect' };
  },
};
