// Accounts and sessions over HTTP: SPEC section 7's calls, each a parse, one service call
// and a reply. Sign-in, sign-up and password endpoints are rate limited per client address.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loggedInPasswordResetSchema,
  loginSchema,
  passwordRequestSchema,
  passwordResetSchema,
  refreshSchema,
  registrationSchema,
  messages,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { hour, limitHook } from '../../http/limits.ts';
import { sessionOf } from '../../http/authenticate.ts';
import * as addresses from '../accounts/addresses.service.ts';
import * as auth from './auth.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export function registerAuthRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: {
    requireUser: onRequestHookHandler;
    rateLimited: { rateLimit: { max: number; timeWindow: string } };
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { config: hooks.rateLimited };
  const signedIn = { onRequest: hooks.requireUser };
  const signUpLimit = limitHook(
    context.db,
    { name: 'sign-up', max: context.config.SIGN_UP_RATE_LIMIT_PER_HOUR, windowMs: hour },
    (request) => request.ip,
  );

  api.post(
    '/v1/user/login',
    { ...limited, schema: { tags: ['auth'], body: loginSchema } },
    async (request) => {
      if (request.body.api_key !== context.config.API_KEY) {
        throw new HttpError(401, { ERROR: 'LOGIN_FAILED', MSG: messages.loginFailed });
      }
      return auth.login(context, request.body);
    },
  );

  api.post(
    '/v1/user/refresh',
    { ...limited, schema: { tags: ['auth'], body: refreshSchema } },
    async (request) => {
      if (request.body.api_key !== context.config.API_KEY)
        throw new HttpError(400, { error: 'invalid_request' });
      return auth.refreshSession(context, request.body.refresh_token);
    },
  );

  api.get('/v1/user/logout', { ...signedIn, schema: { tags: ['auth'] } }, async (request) => {
    await auth.logout(context, sessionOf(request));
    return { message: 'SUCCESS' };
  });

  api.post(
    '/v1/web/user-registration/save',
    {
      ...limited,
      // A taken address answers 409 (docs/api.md), so sign-ups are also limited per hour.
      onRequest: signUpLimit,
      schema: { tags: ['auth'], body: registrationSchema },
    },
    async (request) => {
      const { id, message } = await auth.register(context, request.body);
      return { GID: id, status: 'CREATED', message };
    },
  );

  api.get(
    '/v1/web/user/confirm-email/:token',
    { ...limited, schema: { tags: ['auth'], params: tokenParams } },
    async (request, reply) => {
      const isConfirmed = await addresses.confirmAddress(context, request.params.token);
      return reply.redirect(`/sign-in?confirmed=${isConfirmed ? 1 : 0}`);
    },
  );

  // The link mailed to the old address when the primary address changes (docs/security.md).
  api.get(
    '/v1/web/user/email-undo/:token',
    { ...limited, schema: { tags: ['auth'], params: tokenParams } },
    async (request, reply) => {
      const isRestored = await addresses.undoEmailChange(context, request.params.token);
      return reply.redirect(`/sign-in?restored=${isRestored ? 1 : 0}`);
    },
  );

  api.post(
    '/v1/web/user/password/request',
    { ...limited, schema: { tags: ['auth'], body: passwordRequestSchema } },
    async (request) => {
      await auth.requestPasswordReset(context, request.body.email);
      return { message: messages.passwordRequestSent };
    },
  );

  api.get(
    '/v1/web/user/password/find/:token',
    { ...limited, schema: { tags: ['auth'], params: tokenParams } },
    async (request) => {
      const { email, isOptedIn } = await auth.findPasswordReset(context, request.params.token);
      return { message: 'success', email, opted_in: isOptedIn ? 'Y' : 'N' };
    },
  );

  api.post(
    '/v1/web/user/password/reset',
    { ...limited, schema: { tags: ['auth'], body: passwordResetSchema } },
    async (request) => auth.resetPassword(context, request.body),
  );

  api.post(
    '/v1/web/user/loggedin-password-reset',
    { ...signedIn, schema: { tags: ['auth'], body: loggedInPasswordResetSchema } },
    async (request) => auth.changePassword(context, sessionOf(request), request.body),
  );

  api.get(
    '/v1/web/user/data/validate_token_for_request_response/:token',
    { ...limited, schema: { tags: ['auth'], params: tokenParams } },
    async (request) => auth.validateInvitation(context, request.params.token),
  );
}
