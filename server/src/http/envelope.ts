/** Success codes of the spec's envelope: 2 for answers carrying data, 1 for accepted actions. */
export const OK_DATA = 2;
export const OK_ACTION = 1;

export type Envelope<T extends object> = { statusCode: typeof OK_DATA | typeof OK_ACTION } & T;

export function envelope<T extends object>(data: T, statusCode: typeof OK_DATA | typeof OK_ACTION = OK_DATA): Envelope<T> {
  return { statusCode, ...data };
}
