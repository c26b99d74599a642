// Smaller audit items of docs/security.md section 9: another user's institution awaiting
// approval cannot be picked by id unless the drop list offers it (an affiliation with it),
// and invitation mails are limited per creator and address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionStatus, messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, buildAffiliation, buildInstitution } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  pendingEmploymentForm,
  personForm,
  savePendingEmployment,
  savePersonRelation,
} from '../../../test/relation-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    INVITATIONS_PER_CREATOR_PER_DAY: '2',
    INVITATIONS_PER_ADDRESS_PER_DAY: '1',
  });
});
afterAll(() => t.close());

describe("another user's institution awaiting approval", () => {
  it('answers a type 8 save that picks it by id as if it did not exist', async () => {
    const proposer = await signedInUser(t);
    const stranger = await signedInUser(t);
    const proposal = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
      createdByUserId: proposer.user.id,
    });
    const unknown = await savePendingEmployment(
      t,
      stranger.session,
      pendingEmploymentForm(2_000_000_000),
    );
    const response = await savePendingEmployment(
      t,
      stranger.session,
      pendingEmploymentForm(proposal.id),
    );
    expect(response.statusCode).toBe(unknown.statusCode);
    expect(response.json()).toEqual(unknown.json());
    expect(response.json()).toMatchObject({
      errors: { rInstitutionId: [messages.institutionUnknown] },
    });
    // The proposer may still use their own proposal.
    const own = await savePendingEmployment(
      t,
      proposer.session,
      pendingEmploymentForm(proposal.id),
    );
    expect(own.json()).toMatchObject({ status: 'CREATED' });
  });

  it('may be picked by a member affiliated with it, to whom the drop list offers it', async () => {
    const proposer = await signedInUser(t);
    const member = await signedInUser(t);
    const proposal = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
      createdByUserId: proposer.user.id,
    });
    await buildAffiliation(t.db, member.user.id, { institutionId: proposal.id });
    const offered = await t.app.inject({
      url: '/v1/web/institution/data/list/InstitutionDrplist',
      headers: bearer(member.session),
    });
    expect(JSON.stringify(offered.json())).toContain(proposal.name);
    const saved = await savePendingEmployment(
      t,
      member.session,
      pendingEmploymentForm(proposal.id),
    );
    expect(saved.json()).toMatchObject({ status: 'CREATED' });
  });
});

describe('invitations', () => {
  it('are limited per creator', async () => {
    const creator = await signedInUser(t);
    const statuses = [];
    for (const name of ['inv.one', 'inv.two', 'inv.three']) {
      const response = await savePersonRelation(
        t,
        creator.session,
        personForm(`${name}@example.org`),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('are limited per invited address, whoever invites', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const address = 'popular.person@example.org';
    expect((await savePersonRelation(t, first.session, personForm(address))).statusCode).toBe(200);
    const again = await savePersonRelation(t, second.session, personForm(address));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: messages.tooManyRequests });
  });
});
