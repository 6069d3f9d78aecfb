import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 satisfies Algorithm.Argon2id;

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1): see ARCHITECTURE.md, auth. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) carrying its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a malformed stored hash alike: neither may log anyone in. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
