/**
 * Campaign tags of spec §2 (utm_source, utm_medium, utm_campaign, and the compact `utm` form they expand
 * from). Velvet records no statistics (cookie policy): they are only taken out of the address bar.
 */
const campaignParameters = ['utm', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The address without its campaign tags (other parameters and the hash kept), or undefined when it has none. */
export function addressWithoutCampaign(url: URL): string | undefined {
  const params = new URLSearchParams(url.search);
  const names = campaignParameters.filter((name) => params.has(name));
  if (names.length === 0) return undefined;
  for (const name of names) params.delete(name);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** Spec §2: `standalone` (the installed app's start URL) forces a fresh load of the home page. */
export function standaloneReloadAddress(params: URLSearchParams, now: number): string | undefined {
  return params.has('standalone') ? `/?no-cache=${now}` : undefined;
}

/** Link parameters the root loader keeps for features that need them later (spec §2, §7). */
export interface LinkParameters {
  /** `go`: the visitor insists on using an unsupported device. */
  readonly go: boolean;
  /** `email_id` and `action` of an email link, sent back as emailUUID and action over the websocket. */
  readonly emailId?: string;
  readonly action?: string;
  /** `country`: the country to use in API calls for this session (ISO code, upper case). */
  readonly country?: string;
}

const MAX_PARAMETER_LENGTH = 200;

function bounded(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_PARAMETER_LENGTH ? trimmed : undefined;
}

export function readLinkParameters(params: URLSearchParams): LinkParameters {
  const country = params.get('country')?.trim().toUpperCase();
  const emailId = bounded(params.get('email_id'));
  const action = bounded(params.get('action'));
  return {
    go: params.has('go'),
    ...(emailId ? { emailId } : {}),
    ...(action ? { action } : {}),
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
  };
}

export interface DeviceFacts {
  readonly userAgent: string;
  readonly platform: string;
  readonly maxTouchPoints: number;
  readonly screenWidth: number;
  readonly screenHeight: number;
}

/**
 * Spec §2: iOS devices with a screen of 320x568 or smaller go to /unsupported. iPadOS reports itself
 * as a Mac, so a touch-capable "MacIntel" counts as iOS too. The screen is compared in either orientation.
 */
export function isUnsupportedDevice({ userAgent, platform, maxTouchPoints, screenWidth, screenHeight }: DeviceFacts): boolean {
  const ios = /iPhone|iPod|iPad/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  const short = Math.min(screenWidth, screenHeight);
  const long = Math.max(screenWidth, screenHeight);
  return ios && short <= 320 && long <= 568;
}
