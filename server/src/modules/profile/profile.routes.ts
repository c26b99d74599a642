// The profile calls (docs/api.md, "Profile and notifications"): the profile kept after sign-in, the
// full profile form and its save, the DBLP account link, the help banner's Dismiss and marking a
// notification read.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dismissHelpNotificationReplySchema,
  fullProfileSchema,
  linkAccountReplySchema,
  linkAccountSchema,
  markAllNotificationsReadReplySchema,
  markNotificationReadReplySchema,
  markNotificationReadSchema,
  messages,
  profileSaveReplySchema,
  profileSaveSchema,
  profileSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { toFieldErrors } from '../../http/error-handler.ts';
import { refusals, validationFailed } from '../../http/errors.ts';
import * as profile from './profile.service.ts';

const tags = ['profile'];

export function registerProfileRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };

  api.get(
    '/v1/web/user/profile',
    { ...signedIn, schema: { tags, response: { 200: profileSchema } } },
    async (request) => profile.getProfile(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/fullprofile',
    { ...signedIn, schema: { tags, response: { 200: fullProfileSchema } } },
    async (request) => profile.getFullProfile(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/data/save',
    {
      ...signedIn,
      schema: {
        tags,
        body: profileSaveSchema,
        response: { 200: profileSaveReplySchema, ...refusals(409, 422) },
      },
    },
    async (request) => profile.saveProfile(context, sessionOf(request), request.body),
  );

  api.post(
    '/v1/web/user/linkaccount',
    {
      ...signedIn,
      // The contract answers a refused link with the message 'Error:', the field errors included.
      attachValidation: true,
      schema: {
        tags,
        body: linkAccountSchema,
        response: { 200: linkAccountReplySchema, ...refusals(409, 422) },
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
    { ...signedIn, schema: { tags, response: { 200: dismissHelpNotificationReplySchema } } },
    async (request) => {
      await profile.dismissHelpNotification(context, sessionOf(request));
      return { message: 'SUCCESS' as const };
    },
  );

  api.post(
    '/v1/web/mark_notification_read',
    {
      ...signedIn,
      schema: {
        tags,
        body: markNotificationReadSchema,
        response: { 200: markNotificationReadReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => {
      await profile.markRead(context, sessionOf(request), request.body.NotificationId);
      return { message: 'SUCCESS' as const };
    },
  );

  api.post(
    '/v1/web/mark_all_notifications_read',
    {
      ...signedIn,
      schema: { tags, response: { 200: markAllNotificationsReadReplySchema } },
    },
    async (request) => ({
      message: 'SUCCESS' as const,
      count: await profile.markAllRead(context, sessionOf(request)),
    }),
  );
}
