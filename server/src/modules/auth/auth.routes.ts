// Accounts and sessions over HTTP (docs/api.md, "Accounts and sessions"), each a parse, one service
// call and a reply. Sign-in, sign-up and password endpoints are rate limited per client address.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressLinkRedirectSchema,
  confirmationResendReplySchema,
  confirmationResendSchema,
  errorReplySchema,
  invitationTokenReplySchema,
  loggedInPasswordResetSchema,
  loginRefusalSchema,
  loginSchema,
  logoutReplySchema,
  passwordRequestReplySchema,
  passwordRequestSchema,
  passwordResetReplySchema,
  passwordResetSchema,
  passwordTokenReplySchema,
  refreshRefusalSchema,
  refreshSchema,
  registrationReplySchema,
  registrationSchema,
  tokenReplySchema,
  messages,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { HttpError, refusals } from '../../http/errors.ts';
import { addressKey, hour, limitHook } from '../../http/limits.ts';
import { sessionOf } from '../../http/authenticate.ts';
import * as addresses from '../accounts/addresses.service.ts';
import * as auth from './auth.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const tags = ['auth'];

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
    {
      ...limited,
      schema: {
        tags,
        body: loginSchema,
        response: {
          200: tokenReplySchema,
          401: loginRefusalSchema,
          423: loginRefusalSchema,
          ...refusals(422),
        },
      },
    },
    async (request) => {
      if (request.body.api_key !== context.config.API_KEY) {
        throw new HttpError(401, { ERROR: 'LOGIN_FAILED', MSG: messages.loginFailed });
      }
      return auth.login(context, request.body);
    },
  );

  api.post(
    '/v1/user/refresh',
    {
      ...limited,
      schema: {
        tags,
        body: refreshSchema,
        // 400 is also the error handler's answer to a body that cannot be read.
        response: {
          200: tokenReplySchema,
          400: z.union([refreshRefusalSchema, errorReplySchema]),
          ...refusals(422),
        },
      },
    },
    async (request) => {
      if (request.body.api_key !== context.config.API_KEY)
        throw new HttpError(400, { error: 'invalid_request' });
      return auth.refreshSession(context, request.body.refresh_token);
    },
  );

  api.get(
    '/v1/user/logout',
    { ...signedIn, schema: { tags, response: { 200: logoutReplySchema } } },
    async (request) => {
      await auth.logout(context, sessionOf(request));
      return { message: 'SUCCESS' as const };
    },
  );

  api.post(
    '/v1/web/user-registration/save',
    {
      ...limited,
      // A taken address answers 409 (docs/api.md), so sign-ups are also limited per hour.
      onRequest: signUpLimit,
      schema: {
        tags,
        body: registrationSchema,
        response: { 200: registrationReplySchema, ...refusals(409, 422) },
      },
    },
    async (request) => {
      const { id, message } = await auth.register(context, request.body);
      return { GID: id, status: 'CREATED' as const, message };
    },
  );

  api.get(
    '/v1/web/user/confirm-email/:token',
    {
      ...limited,
      schema: {
        tags,
        params: tokenParams,
        response: { 302: addressLinkRedirectSchema, ...refusals(422) },
      },
    },
    async (request, reply) => {
      const isConfirmed = await addresses.confirmAddress(context, request.params.token);
      return reply.redirect(`/sign-in?confirmed=${isConfirmed ? 1 : 0}`);
    },
  );

  // A fresh confirmation link for a sign-up: limited per client address like the other
  // account calls, and per address typed, so nobody's mailbox is flooded; the answer is the
  // same whether or not the address has an account (docs/security.md, section 5).
  const resendLimit = limitHook(
    context.db,
    {
      name: 'confirmation-resend',
      max: context.config.CONFIRMATION_RESENDS_PER_ADDRESS_PER_HOUR,
      windowMs: hour,
    },
    (request) => addressKey((request.body as { email: string }).email),
  );
  api.post(
    '/v1/web/user/confirmation/resend',
    {
      ...limited,
      // After the body is validated, so the limit counts the address it names.
      preHandler: resendLimit,
      schema: {
        tags,
        body: confirmationResendSchema,
        response: { 200: confirmationResendReplySchema, ...refusals(422) },
      },
    },
    async (request) => {
      await auth.requestConfirmationResend(context, request.body.email);
      return { message: messages.confirmationResent };
    },
  );

  // The link mailed to the old address when the primary address changes (docs/security.md).
  api.get(
    '/v1/web/user/email-undo/:token',
    {
      ...limited,
      schema: {
        tags,
        params: tokenParams,
        response: { 302: addressLinkRedirectSchema, ...refusals(422) },
      },
    },
    async (request, reply) => {
      const isRestored = await addresses.undoEmailChange(context, request.params.token);
      return reply.redirect(`/sign-in?restored=${isRestored ? 1 : 0}`);
    },
  );

  api.post(
    '/v1/web/user/password/request',
    {
      ...limited,
      schema: {
        tags,
        body: passwordRequestSchema,
        response: { 200: passwordRequestReplySchema, ...refusals(422) },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(context, request.body.email);
      return { message: messages.passwordRequestSent };
    },
  );

  api.get(
    '/v1/web/user/password/find/:token',
    {
      ...limited,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: passwordTokenReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => {
      const { email, isOptedIn } = await auth.findPasswordReset(context, request.params.token);
      return { message: 'success' as const, email, opted_in: isOptedIn ? 'Y' : 'N' };
    },
  );

  api.post(
    '/v1/web/user/password/reset',
    {
      ...limited,
      schema: {
        tags,
        body: passwordResetSchema,
        response: { 200: passwordResetReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => auth.resetPassword(context, request.body),
  );

  api.post(
    '/v1/web/user/loggedin-password-reset',
    {
      ...signedIn,
      schema: {
        tags,
        body: loggedInPasswordResetSchema,
        response: { 200: passwordResetReplySchema, ...refusals(422) },
      },
    },
    async (request) => auth.changePassword(context, sessionOf(request), request.body),
  );

  api.get(
    '/v1/web/user/data/validate_token_for_request_response/:token',
    {
      ...limited,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: invitationTokenReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => auth.validateInvitation(context, request.params.token),
  );
}
