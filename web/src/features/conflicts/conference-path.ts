// Which conference a conflicts URL names (/relations/conflicts/{conferencename}/{confid}) and the
// URL of each conference.
import type { ConferenceOption } from '@recuse/common';

export function conferencePath(option: Pick<ConferenceOption, 'conference_name' | 'confid'>) {
  return `/relations/conflicts/${encodeURIComponent(option.conference_name)}/${option.confid}`;
}

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
