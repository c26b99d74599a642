// Accounts in the administration (docs/api.md, "Accounts"): one account's profile, relations
// and sign-in state, unlocking, deleting. Administrators only; finding accounts and granting
// roles are the roles calls (roles.routes.ts).
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserParamsSchema,
  adminUserReplySchema,
  deleteAccountReplySchema,
  deleteAccountSchema,
  unlockAccountReplySchema,
  unlockAccountSchema,
  userAdminMessages,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { deleteAccount, getAccount, unlockAccount } from './admin-users.service.ts';

export function registerAdminUserRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(userAdminMessages.onlyAdministrators)],
  };
  const tags = ['accounts'];

  api.get(
    '/v1/web/admin/users/:userId',
    {
      ...administrators,
      schema: {
        tags,
        params: adminUserParamsSchema,
        response: { 200: adminUserReplySchema, ...refusals(403, 404, 422) },
      },
    },
    (request) => getAccount(context, sessionOf(request), request.params.userId),
  );

  api.post(
    '/v1/web/admin/users/unlock',
    {
      ...administrators,
      schema: {
        tags,
        body: unlockAccountSchema,
        response: { 200: unlockAccountReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    (request) => unlockAccount(context, sessionOf(request), request.body.userId),
  );

  api.post(
    '/v1/web/admin/users/delete',
    {
      ...administrators,
      schema: {
        tags,
        body: deleteAccountSchema,
        response: { 200: deleteAccountReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    (request) =>
      deleteAccount(context, sessionOf(request), request.body.userId, request.body.reason),
  );
}
