// GET /v1/web/user/password/find/{token}: whose token it is, and whether they still have to
// consent (opted_in 'N' shows the consent checkbox).
import { useQuery } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import { readFailure, request } from '../../../lib/api-client.ts';

export type PasswordToken =
  { isValid: true; email: string; hasOptedIn: boolean } | { isValid: false; message: string };

export async function findPasswordToken(token: string): Promise<PasswordToken> {
  const answer = await request(`/v1/web/user/password/find/${encodeURIComponent(token)}`);
  const body = answer.body as { email?: unknown; opted_in?: unknown } | null;
  if (answer.ok && typeof body?.email === 'string') {
    return { isValid: true, email: body.email, hasOptedIn: body.opted_in !== 'N' };
  }
  return { isValid: false, message: readFailure(answer.body).message || messages.checkTheUrl };
}

export function usePasswordToken(token: string) {
  return useQuery({
    queryKey: ['password-token', token],
    queryFn: () => findPasswordToken(token),
    retry: false,
    staleTime: Infinity,
  });
}
