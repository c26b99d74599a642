// The profile calls of SPEC section 7: the profile kept after sign-in, the full profile form
// and its save, the DBLP account link, the help banner's Dismiss and marking a notification read.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fullProfileSchema,
  linkAccountReplySchema,
  linkAccountSchema,
  messages,
  profileSaveReplySchema,
  profileSaveSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { toFieldErrors } from '../../http/error-handler.ts';
import { validationFailed } from '../../http/errors.ts';
import * as profile from './profile.service.ts';

const markReadSchema = z.object({
  // Ids are PostgreSQL integers: a larger number names no notification and must not reach the query.
  NotificationId: z.coerce
    .number({ error: 'Please select a notification.' })
    .int()
    .positive()
    .max(2_147_483_647),
});

export function registerProfileRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };

  api.get('/v1/web/user/profile', { ...signedIn, schema: { tags: ['profile'] } }, async (request) =>
    profile.getProfile(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/fullprofile',
    { ...signedIn, schema: { tags: ['profile'], response: { 200: fullProfileSchema } } },
    async (request) => profile.getFullProfile(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/data/save',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        body: profileSaveSchema,
        response: { 200: profileSaveReplySchema },
      },
    },
    async (request) => profile.saveProfile(context, sessionOf(request), request.body),
  );

  api.post(
    '/v1/web/user/linkaccount',
    {
      ...signedIn,
      // SPEC answers a refused link with the message 'Error:', the field errors included.
      attachValidation: true,
      schema: {
        tags: ['profile'],
        body: linkAccountSchema,
        response: { 200: linkAccountReplySchema },
      },
    },
    async (request) => {
      if (request.validationError) {
        throw validationFailed(
          toFieldErrors(request.validationError.validation),
          messages.linkError,
        );
      }
      return profile.linkDblpAccount(context, sessionOf(request), request.body.DBLPUrl);
    },
  );

  api.post(
    '/v1/web/dismiss_help_notification',
    { ...signedIn, schema: { tags: ['profile'] } },
    async (request) => {
      await profile.dismissHelpNotification(context, sessionOf(request));
      return { message: 'SUCCESS' };
    },
  );

  api.post(
    '/v1/web/mark_notification_read',
    { ...signedIn, schema: { tags: ['profile'], body: markReadSchema } },
    async (request) => {
      await profile.markRead(context, sessionOf(request), request.body.NotificationId);
      return { message: 'SUCCESS' };
    },
  );
}
