import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactReplySchema, contactSchema } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { sendContactMessage } from './contact.service.ts';

export function registerContactRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/web/contactus',
    {
      onRequest: hooks.requireUser,
      schema: {
        tags: ['contact'],
        body: contactSchema,
        response: { 200: contactReplySchema, ...refusals(422) },
      },
    },
    async (request) => {
      await sendContactMessage(context, sessionOf(request), request.body);
      return { message: 'SUCCESS' as const };
    },
  );
}
