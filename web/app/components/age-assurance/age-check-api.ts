import { api } from '../../lib/api';

/** Asks the server for the provider's step (a vendor's URL or the in-app test page) and goes there. */
export async function startAgeCheck(returnTo: string): Promise<void> {
  const { url } = await api<{ url: string }>('/api/age-assurance/start', { method: 'POST', body: { returnTo } });
  window.location.assign(url);
}

/** Hands the provider's answer to the server, which keeps the pass (in a cookie, and on the account). */
export async function completeAgeCheck(reference: string, evidence: Record<string, string>): Promise<void> {
  await api('/api/age-assurance/complete', { method: 'POST', body: { reference, evidence } });
}
