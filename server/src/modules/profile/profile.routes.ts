import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
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
