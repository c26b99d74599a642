// The chair's workspace calls (docs/api-conflicts.md, "The chair's workspace"), each answer
// parsed with its shared reply schema. Files are read in the browser and sent as the multipart
// field `file`, as the upload calls take them.
import { useQuery } from '@tanstack/react-query';
import type { ConflictDecisionValue } from '@recuse/common';
import {
  auditReplySchema,
  auditRunsReplySchema,
  committeePickReplySchema,
  committeeReplySchema,
  conflictDecisionReplySchema,
  matrixChangesReplySchema,
  matrixReplySchema,
  matrixVersionsReplySchema,
  personCheckReplySchema,
  submissionsPickReplySchema,
  submissionsReplySchema,
} from '@recuse/common';
import type { FormFields, SaveResult } from '../../../lib/api-client.ts';
import { fetchData, fetchFile, saveForm } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/download.ts';

const tokenCall = { isTokenCall: true } as const;
const base = (confid: string | number) => `/v1/web/conference/${encodeURIComponent(confid)}`;

export const workspaceQueryKey = (confid: string) => ['chair-workspace', confid] as const;

export function useMatrix(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'matrix'],
    queryFn: () => fetchData(`${base(confid)}/matrix`, matrixReplySchema),
  });
}

export function useCommittee(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'committee'],
    queryFn: () => fetchData(`${base(confid)}/committee`, committeeReplySchema),
  });
}

export function useSubmissions(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'submissions'],
    queryFn: () => fetchData(`${base(confid)}/submissions`, submissionsReplySchema),
  });
}

export function useChanges(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'changes'],
    queryFn: () => fetchData(`${base(confid)}/changes`, matrixChangesReplySchema),
  });
}

export function useVersions(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'versions'],
    queryFn: () => fetchData(`${base(confid)}/versions`, matrixVersionsReplySchema),
  });
}

export function useAuditRuns(confid: string) {
  return useQuery({
    queryKey: [...workspaceQueryKey(confid), 'audits'],
    queryFn: () => fetchData(`${base(confid)}/audit`, auditRunsReplySchema),
  });
}

export function uploadCommittee(confid: string, file: string) {
  return saveForm(`${base(confid)}/committee`, { file }, committeeReplySchema, {
    ...tokenCall,
    isMultipart: true,
  });
}

export function uploadSubmissions(confid: string, file: string) {
  return saveForm(`${base(confid)}/submissions`, { file }, submissionsReplySchema, {
    ...tokenCall,
    isMultipart: true,
  });
}

export type PickFile = 'committee' | 'submissions';

/** The chair's pick for the row on `line`: a candidate's user id, or none of them. */
export function pickCandidate(
  confid: string,
  file: PickFile,
  fields: { line: number; pick: number | 'none' },
) {
  return saveForm(
    `${base(confid)}/${file}/pick`,
    { line: String(fields.line), pick: String(fields.pick) },
    file === 'committee' ? committeePickReplySchema : submissionsPickReplySchema,
    tokenCall,
  );
}

export function runAudit(confid: string, file: string) {
  return saveForm(`${base(confid)}/audit`, { file }, auditReplySchema, {
    ...tokenCall,
    isMultipart: true,
  });
}

export function saveDecision(
  confid: string,
  fields: { paper: number; email: string; decision: ConflictDecisionValue; reason: string },
) {
  return saveForm(
    `${base(confid)}/decision`,
    { ...fields, paper: String(fields.paper) },
    conflictDecisionReplySchema,
    tokenCall,
  );
}

export function deleteDecision(confid: string, fields: { paper: number; email: string }) {
  return saveForm(
    `${base(confid)}/decision/delete`,
    { paper: String(fields.paper), email: fields.email },
    conflictDecisionReplySchema,
    tokenCall,
  );
}

export function recompute(confid: string) {
  return saveForm(`${base(confid)}/recompute`, {}, matrixChangesReplySchema, tokenCall);
}

export function checkPerson(confid: string, fields: FormFields) {
  return saveForm(`${base(confid)}/person-check`, fields, personCheckReplySchema, tokenCall);
}

export type WorkspaceFile =
  'hotcrp-assignments' | 'hotcrp-assignments-provisional' | 'collaborators' | 'matrix' | 'audit';

const filePaths: Record<WorkspaceFile, string> = {
  'hotcrp-assignments': 'export/hotcrp-assignments.csv',
  'hotcrp-assignments-provisional': 'export/hotcrp-assignments.csv?provisional=include',
  collaborators: 'export/collaborators.csv',
  matrix: 'export/matrix.csv',
  audit: 'export/audit.csv',
};

/**
 * One of the workspace's CSV files, saved to the chair's computer as the server wrote it and
 * under the name it gave; a refusal (or no answer) in the server's words.
 */
export async function saveWorkspaceFile(
  confid: string,
  file: WorkspaceFile,
  query = '',
): Promise<SaveResult<void>> {
  const answer = await fetchFile(`${base(confid)}/${filePaths[file]}${query}`, tokenCall, {
    fileName: `${file}.csv`,
    contentType: 'text/csv',
  });
  if (!answer.ok) return answer;
  saveFile(answer.data);
  return { ok: true, data: undefined };
}
