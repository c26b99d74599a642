// Every token we hand out is 256 random bits; only its SHA-256 hash is stored, so a copy of
// the database does not let anyone sign in or reset a password.
import { createHash, randomBytes } from 'node:crypto';

export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
