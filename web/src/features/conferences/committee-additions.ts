// Adding a committee by addresses: the list as a chair types it, one committee/member call per
// address, in the order typed (the server invites an address no account holds), and what to
// tell the chair afterwards (docs/product.md, "Conferences").
import type { LateMemberReply } from '@recuse/common';
import { isEmail, messages } from '@recuse/common';
import { addCommitteeMember } from './api/conferences.ts';

/** At most this many addresses at once: each is one call. */
export const maxCommitteeAddresses = 200;

export type EmailList = { emails: string[]; invalid: string[] };

/**
 * Addresses separated by line breaks, commas, semicolons or spaces; 'Name <address>' is read as
 * the address. Lower-cased, each once, in the order typed; what is not an address is listed.
 */
export function parseEmailList(text: string): EmailList {
  const emails: string[] = [];
  const invalid: string[] = [];
  const withoutNames = text.replace(/[^<>,;\n]*<([^<>]*)>/g, ' $1 ');
  for (const piece of withoutNames.split(/[\s,;]+/)) {
    const candidate = piece.trim().toLowerCase();
    if (candidate === '') continue;
    if (!isEmail(candidate)) {
      if (!invalid.includes(piece.trim())) invalid.push(piece.trim());
    } else if (!emails.includes(candidate)) {
      emails.push(candidate);
    }
  }
  return { emails, invalid };
}

/**
 * The addresses box checked as useFormSubmit checks a form (zod's safeParse shape): the
 * addresses, or the one thing to correct first.
 */
export const committeeAddressesCheck = {
  safeParse(
    text: unknown,
  ):
    | { success: true; data: string[] }
    | { success: false; error: { issues: { path: string[]; message: string }[] } } {
    const { emails, invalid } = parseEmailList(typeof text === 'string' ? text : '');
    const problem =
      invalid.length > 0
        ? `Not an e-mail address: ${invalid.join(', ')}`
        : emails.length === 0
          ? 'Please enter at least one e-mail address.'
          : emails.length > maxCommitteeAddresses
            ? `Please enter at most ${maxCommitteeAddresses} addresses at once.`
            : undefined;
    if (problem === undefined) return { success: true, data: emails };
    return { success: false, error: { issues: [{ path: ['addresses'], message: problem }] } };
  },
};

export type MemberAddition =
  | { email: string; outcome: 'added'; invitation: LateMemberReply['invitation_outcome'] }
  | { email: string; outcome: 'already' }
  | { email: string; outcome: 'failed'; message: string };

/** Each address in turn; an address already on the committee (409) is not a failure. */
export async function addCommitteeMembers(
  confid: number,
  emails: readonly string[],
): Promise<MemberAddition[]> {
  const additions: MemberAddition[] = [];
  for (const email of emails) {
    try {
      const answer = await addCommitteeMember(confid, email);
      if (answer.ok) {
        additions.push({ email, outcome: 'added', invitation: answer.data.invitation_outcome });
      } else if (answer.status === 409) additions.push({ email, outcome: 'already' });
      else {
        const detail = Object.values(answer.errors).flat()[0];
        additions.push({
          email,
          outcome: 'failed',
          message: detail ?? (answer.message || messages.recordNotSaved),
        });
      }
    } catch {
      additions.push({ email, outcome: 'failed', message: messages.recordNotSaved });
    }
  }
  return additions;
}

const members = (count: number) => `${count} member${count === 1 ? '' : 's'}`;

const addresses = (additions: readonly MemberAddition[]) =>
  additions.map((addition) => addition.email).join(', ');

/**
 * 'Added 2 members. Invited by e-mail, having no account yet: b@y.org. Already on the
 * committee: a@x.org.' and the failures, one line each. An address the day's invitation limit
 * kept from being mailed is added and said so: it can be invited later from the table.
 */
export function summarizeAdditions(additions: readonly MemberAddition[]): {
  notice: string;
  failures: string[];
} {
  const added = additions.filter(
    (addition): addition is Extract<MemberAddition, { outcome: 'added' }> =>
      addition.outcome === 'added',
  );
  const invitedNow = added.filter((addition) => addition.invitation === 'sent');
  const limited = added.filter((addition) => addition.invitation === 'limit_reached');
  const already = additions.filter((addition) => addition.outcome === 'already');
  const parts = [`Added ${members(added.length)}.`];
  if (invitedNow.length > 0) {
    parts.push(`Invited by e-mail, having no account yet: ${addresses(invitedNow)}.`);
  }
  if (limited.length > 0) {
    parts.push(
      `Not invited yet, today's invitations being used up: ${addresses(limited)}. Invite them later from the table.`,
    );
  }
  if (already.length > 0) parts.push(`Already on the committee: ${addresses(already)}.`);
  const failures = additions.flatMap((addition) =>
    addition.outcome === 'failed' ? [`${addition.email}: ${addition.message}`] : [],
  );
  return { notice: parts.join(' '), failures };
}
