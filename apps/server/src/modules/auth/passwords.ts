import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default, OWASP-level cost. */
export const hashPassword = (password: string) => hash(password);

/** A real hash to verify against when there is no account, so both failures take as long. */
let dummyHash: Promise<string> | undefined;

/** True when the password matches; false for a wrong password or no hash (no account, or Google-only). */
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummyHash ??= hash('not a real password, only spends the same time');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
