import { readFileSync } from 'node:fs';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Passwords that attackers try first: well-known public top lists, each word also with the endings
 * people add to pass a length rule ("1", "123", "!"). Compared lowercase.
 */
const commonPasswords = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common' | 'contains_username';

/** Why a new password is refused (ASVS: length 8–128, no known-breached or trivially guessable ones). */
export function passwordProblem(password: string, username?: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'too_common';
  if (username && username.length >= 3 && lower.includes(username.toLowerCase())) return 'contains_username';
  return undefined;
}
