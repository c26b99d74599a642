// The administrator's approval of a proposed institution: only administrators may, bad input
// changes nothing, and the pending applications (type 8) with it become validated.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionStatus } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildInstitution } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  pendingEmploymentForm,
  post,
  savePendingEmployment,
  viewPendingEmployment,
} from '../../../test/relation-requests.ts';
import { institutions } from '../../db/schema.ts';
import { onlyAdministratorsApprove } from './institutions-admin.routes.ts';

const approveUrl = '/v1/web/admin/institutions/approve';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function statusOf(institutionId: number) {
  const [row] = await t.db
    .select({ status: institutions.status })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row?.status;
}

describe('POST /v1/web/admin/institutions/approve', () => {
  it('approves the institution and validates the applications waiting for it', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const applicant = await signedInUser(t);
    const institution = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
      createdByUserId: applicant.user.id,
    });
    const saved = await savePendingEmployment(
      t,
      applicant.session,
      pendingEmploymentForm(institution.id),
    );
    const gid = saved.json<{ GID: number }>().GID;
    expect((await viewPendingEmployment(t, applicant.session, gid)).json().Status).toBe(3);

    const answer = await post(t, approveUrl, admin.session, { institutionId: institution.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'SUCCESS', validatedRelations: 1 });
    expect(await statusOf(institution.id)).toBe(institutionStatus.approved);
    expect((await viewPendingEmployment(t, applicant.session, gid)).json().Status).toBe(1);

    // Approving twice changes nothing more.
    const again = await post(t, approveUrl, admin.session, { institutionId: institution.id });
    expect(again.json()).toEqual({ message: 'SUCCESS', validatedRelations: 0 });
  });

  it('refuses everyone but administrators, and changes nothing', async () => {
    const member = await signedInUser(t);
    const institution = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
    });
    const refused = await post(t, approveUrl, member.session, { institutionId: institution.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: onlyAdministratorsApprove });
    const anonymous = await post(t, approveUrl, null, { institutionId: institution.id });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(institution.id)).toBe(institutionStatus.awaitingApproval);
  });

  it.each([
    ['no id', {}, 422],
    ['a word', { institutionId: 'ETH' }, 422],
    ['zero', { institutionId: 0 }, 422],
    ['an unknown id', { institutionId: 2_000_000_000 }, 404],
  ])('answers %s with a clear refusal, never a 500', async (_case, fields, code) => {
    const admin = await signedInUser(t, { role: 'admin' });
    const answer = await post(t, approveUrl, admin.session, fields);
    expect(answer.statusCode).toBe(code);
    expect(answer.json()).toHaveProperty('message');
  });
});
