// The secrets we hand out (sessions, confirmation, reset, invitation and undo links, ORCID's
// state): 256 random bits each, of which only the SHA-256 hash is stored (secrets.ts), so a copy
// of the database signs nobody in. The auth module owns the tokens table; the other modules
// (addresses, DBLP claims) issue and redeem their secrets through these functions.
import type { Db } from '../../db/client.ts';
import type { Token, TokenKind } from './auth.repo.ts';
import { findLiveToken, insertToken } from './auth.repo.ts';
import { generateSecret, hashSecret } from './secrets.ts';

export { markTokenUsed, revokeUserTokens } from './auth.repo.ts';
export type { Token, TokenKind } from './auth.repo.ts';

/** Stores a new secret of `kind` and answers it: the only time it exists in clear. */
export async function issueSecret(
  db: Db,
  token: {
    userId: number | null;
    kind: TokenKind;
    expiresAt: Date;
    email?: string;
    familyId?: string;
  },
): Promise<string> {
  const secret = generateSecret();
  await insertToken(db, { ...token, tokenHash: hashSecret(secret) });
  return secret;
}

/** The token of `kind` whose secret this is, neither revoked nor expired (it may be used). */
export function findLiveSecret(
  db: Db,
  kind: TokenKind,
  secret: string,
): Promise<Token | undefined> {
  return findLiveToken(db, kind, hashSecret(secret));
}
