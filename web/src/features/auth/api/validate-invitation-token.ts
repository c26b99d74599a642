// GET /v1/web/user/data/validate_token_for_request_response/{token}: the token of an
// invitation mail, which names the invited e-mail and whether that person can already sign in.
import { useQuery } from '@tanstack/react-query';
import { invitationTokenReplySchema } from '@recuse/common';
import { callApi } from '../../../lib/api-client.ts';

export type InvitationToken =
  | {
      isValid: true;
      email: string;
      additionalMessage: string;
      isAccountActive: boolean;
      shouldShowSignIn: boolean;
    }
  | { isValid: false; message: string };

export async function validateInvitationToken(token: string): Promise<InvitationToken> {
  const answer = await callApi(
    `/v1/web/user/data/validate_token_for_request_response/${encodeURIComponent(token)}`,
    invitationTokenReplySchema,
  );
  if (!answer.ok) return { isValid: false, message: answer.message };
  return {
    isValid: true,
    email: answer.data.userData.email,
    additionalMessage: answer.data.additional_msg,
    isAccountActive: answer.data.account_active === 1,
    shouldShowSignIn: answer.data.show_sign_in === 'Y',
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
