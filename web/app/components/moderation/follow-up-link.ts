/** The reporter's follow-up page (server/src/moderation/moderation-notices.ts `followUpPath` builds the e-mail's link). */
export const followUpPath = (token: string) => `/complaint/follow-up/${encodeURIComponent(token)}`;

/** The same address in full, to copy and keep: the page's origin plus the path. */
export const followUpUrl = (origin: string, token: string) => `${origin}${followUpPath(token)}`;
