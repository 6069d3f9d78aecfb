/**
 * The legal documents the web app serves at /legal/{name} and at a top-level alias (/terms, ...). The
 * list lives on the server, which needs it too: no username may take an alias, and the page cache
 * shares these pages.
 */
export const legalDocuments = ['terms', 'privacy-policy', 'cookie-policy', 'takedown', 'terms2257'] as const;
