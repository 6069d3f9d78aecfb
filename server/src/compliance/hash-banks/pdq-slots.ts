/**
 * Multi-index hashing over PDQ's 16 slots of 16 bits (README.md beside this file). Two hashes within
 * `distance` bits differ in at least one slot by at most floor(distance / 16) bits (pigeonhole), so the
 * candidates of a query are the entries sharing a slot key with one of the query's slot neighbours.
 * A key is `slot * 65536 + value`, slot 0 being the first 4 hex digits (as migration 0031's pdq_slot_keys).
 */

const SLOTS = 16;

/** Every 16-bit value within `radius` bits of `value`. */
function neighbours(value: number, radius: number): number[] {
  const found = [value];
  if (radius >= 1) {
    for (let a = 0; a < 16; a++) {
      found.push(value ^ (1 << a));
      if (radius >= 2) for (let b = a + 1; b < 16; b++) found.push(value ^ (1 << a) ^ (1 << b));
    }
  }
  return found;
}

/** The slot keys to look up for a query hash with a match distance (0–47: radius 0–2, at most 16 x 137 keys). */
export function slotKeysWithin(hash: string, distance: number): number[] {
  const radius = Math.floor(distance / SLOTS);
  if (radius > 2) throw new RangeError('pdq: match distances above 47 are not indexed');
  const keys: number[] = [];
  for (let slot = 0; slot < SLOTS; slot++) {
    const value = Number.parseInt(hash.slice(slot * 4, slot * 4 + 4), 16);
    for (const near of neighbours(value, radius)) keys.push(slot * 65536 + near);
  }
  return keys;
}
