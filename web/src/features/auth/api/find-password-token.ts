// GET /v1/web/user/password/find/{token}: whose token it is, and whether they still have to
// consent (opted_in 'N' shows the consent checkbox).
import { useQuery } from '@tanstack/react-query';
import { messages, passwordTokenReplySchema } from '@recuse/common';
import { callApi } from '../../../lib/api-client.ts';

export type PasswordToken =
  { isValid: true; email: string; hasOptedIn: boolean } | { isValid: false; message: string };

export async function findPasswordToken(token: string): Promise<PasswordToken> {
  const answer = await callApi(
    `/v1/web/user/password/find/${encodeURIComponent(token)}`,
    passwordTokenReplySchema,
  );
  if (answer.ok) {
    return { isValid: true, email: answer.data.email, hasOptedIn: answer.data.opted_in !== 'N' };
  }
  return { isValid: false, message: answer.message || messages.checkTheUrl };
}

export function usePasswordToken(token: string) {
  return useQuery({
    queryKey: ['password-token', token],
    queryFn: () => findPasswordToken(token),
    retry: false,
    staleTime: Infinity,
  });
}
