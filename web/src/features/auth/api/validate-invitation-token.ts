// GET /v1/web/user/data/validate_token_for_request_response/{token}: the token of an
// invitation mail, which names the invited e-mail and whether that person can already sign in.
import { useQuery } from '@tanstack/react-query';
import { readFailure, request } from '../../../lib/api-client.ts';

export type InvitationToken =
  | {
      isValid: true;
      email: string;
      additionalMessage: string;
      isAccountActive: boolean;
      shouldShowSignIn: boolean;
    }
  | { isValid: false; message: string };

type ValidateTokenReply = {
  message?: string;
  account_active?: number | string;
  additional_msg?: string;
  userData?: { email?: string };
  show_sign_in?: string;
};

export async function validateInvitationToken(token: string): Promise<InvitationToken> {
  const answer = await request(
    `/v1/web/user/data/validate_token_for_request_response/${encodeURIComponent(token)}`,
  );
  const body = answer.body as ValidateTokenReply | null;
  if (!answer.ok || body?.message !== 'SUCCESS') {
    return { isValid: false, message: readFailure(answer.body).message };
  }
  return {
    isValid: true,
    email: body.userData?.email ?? '',
    additionalMessage: body.additional_msg ?? '',
    isAccountActive: String(body.account_active) === '1',
    shouldShowSignIn: body.show_sign_in === 'Y',
  };
}

export function useInvitationToken(token: string | undefined) {
  return useQuery({
    queryKey: ['invitation-token', token],
    queryFn: () => validateInvitationToken(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
