import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactSchema } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { sendContactMessage } from './contact.service.ts';

export function registerContactRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/v1/web/contactus',
      { onRequest: hooks.requireUser, schema: { tags: ['contact'], body: contactSchema } },
      async (request) => {
        await sendContactMessage(context, sessionOf(request), request.body);
        return { message: 'SUCCESS' };
      },
    );
}
