// /dblp-claim/orcid: where ORCID sends the person back after they signed in to prove their
// DBLP claim (docs/dblp.md, "Claims"), with `code` and `state` (or `error`) in the query.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card.tsx';
import { profileQueryKey } from '../../features/auth/api/get-profile.ts';
import { OrcidProofOutcome } from '../../features/dblp-claims/components/orcid-proof-outcome.tsx';
import { fullProfileQueryKey } from '../../features/profile/api/get-full-profile.ts';

export function DblpClaimOrcidPage() {
  const [query] = useSearchParams();
  const queryClient = useQueryClient();
  // The confirmed claim brings a DBLP URL, names and a notification: fetch both afresh.
  const refreshProfile = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: fullProfileQueryKey });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);
  return (
    <CenteredCard title="Confirm your DBLP claim" width={560}>
      <OrcidProofOutcome
        code={query.get('code') ?? ''}
        state={query.get('state') ?? ''}
        error={query.get('error') ?? ''}
        onConfirmed={refreshProfile}
      />
    </CenteredCard>
  );
}
