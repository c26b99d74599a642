// Password hashing with Argon2id, the memory-hard KDF OWASP recommends, at OWASP's minimum
// parameters (19 MiB, 2 passes, 1 lane): about 30 ms per hash on this machine.
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account matches keeps the answer time the same, so timing
// does not tell which e-mails have accounts.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
