/**
 * Spec §5 tag normalisation: accents and spaces removed, lower case (a leading # is dropped too). Only the
 * Latin combining accents go: stripping every combining mark would also strip Japanese voicing marks
 * (ダ → タ), which change the word. Posts, tag pages, search, the websocket and the demo seed all use this one.
 */
export function normalizeTag(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[\s#]+/g, '')
    .toLowerCase();
}
