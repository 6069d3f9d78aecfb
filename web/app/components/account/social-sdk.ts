/** Loads a provider's sign-in script once; the providers host them and forbid self-hosting. */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; nonce: string; callback: (answer: { credential: string }) => void }): void;
      prompt(listener?: (note: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void): void;
    };
  };
}

interface AppleId {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; nonce: string; usePopup: boolean }): void;
    signIn(): Promise<{ authorization: { id_token: string; code: string } }>;
  };
}

/** Google Identity Services: resolves with the id token of the account the person picks. */
export async function googleIdToken(clientId: string, nonce: string): Promise<string> {
  await loadScript('https://accounts.google.com/gsi/client');
  const google = (window as unknown as { google: GoogleIdentity }).google;
  return new Promise((resolve, reject) => {
    google.accounts.id.initialize({ client_id: clientId, nonce, callback: (answer) => resolve(answer.credential) });
    google.accounts.id.prompt((note) => {
      if (note.isNotDisplayed() || note.isSkippedMoment()) reject(new Error('google sign-in dismissed'));
    });
  });
}

/** Sign in with Apple JS in a popup: resolves with the authorisation code (exchanged on our server). */
export async function appleCode(clientId: string, redirectUri: string, nonce: string): Promise<string> {
  await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js');
  const apple = (window as unknown as { AppleID: AppleId }).AppleID;
  apple.auth.init({ clientId, scope: 'name email', redirectURI: redirectUri, nonce, usePopup: true });
  return (await apple.auth.signIn()).authorization.code;
}
