import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthReplySchema } from '@recuse/common';
import type { AppContext } from '../../context.ts';

/** Liveness and readiness in one: the process answers and the database does too. */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        response: { 200: healthReplySchema, 503: healthReplySchema },
      },
    },
    async (_request, reply) => {
      try {
        await context.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
}
