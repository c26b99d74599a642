// An administrator approves an institution that a member proposed (status 3). SPEC shows no
// administration screens; this is the call they (and the browser tests) use, in the style of
// DESIGN.md section 3: under /v1/web/..., JSON or form in and out. Approving validates the
// pending employments and applications (type 8) with the institution and tells their creators.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { approveInstitution } from './institutions.service.ts';

export const onlyAdministratorsApprove = 'Only administrators may approve institutions.';

const approveBody = z.object({
  institutionId: z.coerce
    .number({ error: 'Please select the institution.' })
    .int({ error: 'Please select the institution.' })
    .min(1, { error: 'Please select the institution.' })
    .max(2_147_483_647, { error: 'Please select the institution.' }),
});

export function registerInstitutionAdminRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/v1/web/admin/institutions/approve',
    { onRequest: hooks.requireUser, schema: { tags: ['institutions'], body: approveBody } },
    async (request) => {
      const session = sessionOf(request);
      if (session.user.role !== 'admin') {
        throw new HttpError(403, { message: onlyAdministratorsApprove });
      }
      const { validatedRelations } = await approveInstitution(
        context,
        session.user.id,
        request.body.institutionId,
      );
      return { message: 'SUCCESS', validatedRelations };
    },
  );
}
