// Roles (docs/api.md, "Roles"): the administrators, the account search and the grant
// and revocation of the administrator role. Administrators only, like every /v1/web/admin call.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSearchReplySchema,
  accountSearchSchema,
  administratorsReplySchema,
  roleChangeReplySchema,
  roleChangeSchema,
  roleMessages,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { findAccounts, listAdministratorAccounts, setAccountRole } from './roles.service.ts';

export function registerRoleRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(roleMessages.onlyAdministrators)],
  };
  const changed = { 200: roleChangeReplySchema, ...refusals(403, 404, 409, 422) };

  api.get(
    '/v1/web/admin/roles',
    {
      ...administrators,
      schema: { tags: ['roles'], response: { 200: administratorsReplySchema, ...refusals(403) } },
    },
    () => listAdministratorAccounts(context),
  );

  api.get(
    '/v1/web/admin/accounts',
    {
      ...administrators,
      schema: {
        tags: ['roles'],
        querystring: accountSearchSchema,
        response: { 200: accountSearchReplySchema, ...refusals(403, 422) },
      },
    },
    (request) => findAccounts(context, request.query.q),
  );

  // Grant and revoke differ only in the role they set.
  for (const [path, role] of [
    ['/v1/web/admin/roles/grant', 'admin'],
    ['/v1/web/admin/roles/revoke', 'user'],
  ] as const) {
    api.post(
      path,
      { ...administrators, schema: { tags: ['roles'], body: roleChangeSchema, response: changed } },
      async (request) => ({
        message: 'SUCCESS' as const,
        account: await setAccountRole(
          context,
          sessionOf(request).user.id,
          request.body.userId,
          role,
        ),
      }),
    );
  }
}
