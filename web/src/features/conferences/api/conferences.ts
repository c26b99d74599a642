// The conference calls of chairs and administrators (docs/api-conflicts.md, "Conference
// management"), and the committee calls of the chair's workspace the conference page uses
// (GET committee, POST committee/member and committee/invite). Saves hand back the server's refusal to show.
import { useQuery } from '@tanstack/react-query';
import {
  chairedConferencesReplySchema,
  committeeInviteReplySchema,
  committeeReplySchema,
  conferenceChairsReplySchema,
  conferenceReplySchema,
  lateMemberReplySchema,
} from '@recuse/common';
import type { ConferenceCreate, ConferenceUpdate } from '@recuse/common';
import { fetchData, saveForm } from '../../../lib/api-client.ts';
import type { FormFields } from '../../../lib/api-client.ts';

export const chairedConferencesQueryKey = ['chaired-conferences'] as const;
export const committeeQueryKey = (confid: string) => ['conference-committee', confid] as const;
export const chairsQueryKey = (confid: number) => ['conference-chairs', confid] as const;

const token = { isTokenCall: true } as const;
const path = (confid: string | number) => encodeURIComponent(String(confid));

/** GET /v1/web/conference/data/list/chaired: the conferences the caller chairs (all, for an administrator). */
export function useChairedConferences() {
  return useQuery({
    queryKey: chairedConferencesQueryKey,
    queryFn: () => fetchData('/v1/web/conference/data/list/chaired', chairedConferencesReplySchema),
  });
}

export function createConference(form: ConferenceCreate) {
  return saveForm(
    '/v1/web/conference/data/save',
    { name: form.name, label: form.label, reference_date: form.reference_date ?? '' },
    conferenceReplySchema,
    token,
  );
}

export function updateConference(confid: number, form: ConferenceUpdate) {
  return saveForm(
    `/v1/web/conference/data/update/${path(confid)}`,
    { label: form.label, reference_date: form.reference_date ?? '' },
    conferenceReplySchema,
    token,
  );
}

export function deleteConference(confid: number) {
  return saveForm(
    `/v1/web/conference/data/delete/${path(confid)}`,
    {},
    conferenceReplySchema,
    token,
  );
}

export function addChair(confid: number, email: string) {
  return saveForm(
    `/v1/web/conference/data/chair/add/${path(confid)}`,
    { email },
    conferenceReplySchema,
    token,
  );
}

/** GET /v1/web/conference/data/chair/list/{confid}: who chairs the conference. */
export function useConferenceChairs(confid: number) {
  return useQuery({
    queryKey: chairsQueryKey(confid),
    queryFn: () =>
      fetchData(`/v1/web/conference/data/chair/list/${path(confid)}`, conferenceChairsReplySchema),
  });
}

/** The account stops chairing it; the server refuses its last chair (409). */
export function removeChair(confid: number, userId: number) {
  return saveForm(
    `/v1/web/conference/data/chair/remove/${path(confid)}`,
    { user_id: String(userId) },
    conferenceReplySchema,
    token,
  );
}

/** A new rule (`value` absent) or an edit of the rule `value` names. */
export function saveRule(confid: string | number, form: FormFields, value?: string) {
  const call =
    value === undefined
      ? `/v1/web/conference/data/rule/save/${path(confid)}`
      : `/v1/web/conference/data/rule/update/${path(confid)}/${path(value)}`;
  return saveForm(call, form, conferenceReplySchema, token);
}

export function deleteRule(confid: string | number, value: string) {
  return saveForm(
    `/v1/web/conference/data/rule/delete/${path(confid)}/${path(value)}`,
    {},
    conferenceReplySchema,
    token,
  );
}

/** GET /v1/web/conference/{confid}/committee: the committee with who each member is. */
export function useCommittee(confid: number) {
  return useQuery({
    queryKey: committeeQueryKey(String(confid)),
    queryFn: () => fetchData(`/v1/web/conference/${path(confid)}/committee`, committeeReplySchema),
  });
}

/** POST /v1/web/conference/{confid}/committee/member: one member, by address. */
export function addCommitteeMember(confid: number, email: string) {
  return saveForm(
    `/v1/web/conference/${path(confid)}/committee/member`,
    { email },
    lateMemberReplySchema,
    token,
  );
}

/** POST /v1/web/conference/{confid}/committee/invite: the invitation mailed (again) to a member. */
export function inviteCommitteeMember(confid: number, email: string) {
  return saveForm(
    `/v1/web/conference/${path(confid)}/committee/invite`,
    { email },
    committeeInviteReplySchema,
    token,
  );
}
