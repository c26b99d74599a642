// Which conference a conflicts URL names (/relations/conflicts/{conferencename}/{confid}; the
// link to it is written by paths.conferenceConflicts in app/paths.ts).
import type { ConferenceOption } from '@recuse/common';

/**
 * The conference the URL names: both parts must agree (the name ignoring case), so a stale
 * or mistyped link is reported instead of quietly showing another conference's rules.
 * Without a conference in the URL the first option, Default, is chosen.
 */
export function findConference(
  options: readonly ConferenceOption[],
  conferenceName: string | undefined,
  confid: string | undefined,
): ConferenceOption | undefined {
  if (conferenceName === undefined && confid === undefined) return options[0];
  return options.find(
    (option) =>
      String(option.confid) === confid &&
      option.conference_name.toLowerCase() === (conferenceName ?? '').toLowerCase(),
  );
}
