/** Spec §5 tag normalisation: accents and spaces removed, lowercase. */
export function normalizeTag(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(/[\s#]+/g, '')
    .toLowerCase();
}
