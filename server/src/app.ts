// Builds the application: plugins, the error handler, every route (listed here, in one
// place), and the job worker. It never listens: main.ts does, and tests use inject().
import { randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  addNewReplySchema,
  matrixReplySchema,
  pendingEmploymentViewReplySchema,
  relationListReplySchema,
  relationViewReplySchema,
} from '@recuse/common';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { isDevMailboxEnabled } from './config.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AppContext } from './context.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { ConferenceRulesCache } from './modules/conferences/rules-cache.ts';
import { createRequireUser } from './http/authenticate.ts';
import { registerCompression } from './http/compression.ts';
import { createFrameworkErrorAnswer, registerErrorHandler } from './http/error-handler.ts';
import { OneLinePerRequest, createLoggers } from './http/logging.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { registerMultipart } from './http/multipart.ts';
import { openApiTransform } from './http/openapi.ts';
import { createReplySerializerCompiler } from './http/reply-serializer.ts';
import { registerResponseHeaders } from './http/response-headers.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validator.ts';
import { isClientRoute, registerWebApp } from './http/web-app.ts';
import { createDblpCrawler } from './dblp/crawl/crawl-person.ts';
import { withCrawlSchedule } from './dblp/crawl/crawl-schedule.ts';
import { dblpCrawlPersonJob } from './jobs/job-kinds.ts';
import type { JobHandler } from './jobs/worker.ts';
import { createWorker } from './jobs/worker.ts';
import type { Worker } from './jobs/worker.ts';
import { createMailDeliveryHandler } from './mail/delivery.ts';
import { registerMailboxRoutes } from './mail/mailbox.routes.ts';
import { deliverMailJob } from './mail/outbox.ts';
import { createMailTransport, mailDirectory } from './mail/transport.ts';
import type { MailTransport } from './mail/transport.ts';
import { registerAdminUserRoutes } from './modules/admin-users/admin-users.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerChairWorkspaceRoutes } from './modules/chair-workspace/chair-workspace.routes.ts';
import { registerPersonCheckRoutes } from './modules/chair-workspace/person-check.routes.ts';
import {
  confirmationResendJob,
  passwordResetRequestJob,
  resendConfirmation,
  sendPasswordReset,
} from './modules/auth/auth.service.ts';
import { registerConferenceRoutes } from './modules/conferences/conferences.routes.ts';
import { registerContactRoutes } from './modules/contact/contact.routes.ts';
import { registerDblpClaimRoutes } from './modules/dblp-claims/dblp-claims.routes.ts';
import { registerDblpStatusRoutes } from './modules/dblp-status/dblp-status.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerInstitutionAdminRoutes } from './modules/institutions/institutions-admin.routes.ts';
import { registerRequestRoutes } from './modules/requests/requests.routes.ts';
import { registerInstitutionRoutes } from './modules/institutions/institutions.routes.ts';
import { ProfileSummaryCache } from './modules/profile/profile-summary-cache.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { registerRelationDecisionRoutes } from './modules/relations/relation-decisions.routes.ts';
import { registerRelationRoutes } from './modules/relations/relations.routes.ts';
import { registerRoleRoutes } from './modules/roles/roles.routes.ts';
import { messages } from '@recuse/common';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Worker;
  }
  interface FastifyRequest {
    /** True while the body is being parsed: a failure then is the client's malformed body. */
    isReadingBody: boolean;
  }
  interface FastifyContextConfig {
    /** What a 413 says on a route with a body limit of its own (else messages.bodyTooLarge). */
    bodyTooLargeMessage?: string;
  }
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /**
   * The database's change announcements: with them, signed-in sessions are kept in memory
   * (modules/auth/session-cache.ts); without, every request reads its session.
   */
  changes?: ChangeFeed;
}

export async function buildApp({
  config,
  db,
  mailTransport,
  logStream,
  changes,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Replies go out through fast-json-stringify; tests also check each against its schema.
  const serializerCompiler = createReplySerializerCompiler({
    checkReplies: config.NODE_ENV === 'test',
    verbatimFields: [
      // The matrix's conflicts, built field by field by matrix.service.ts.
      { schema: matrixReplySchema, fields: ['conflicts'] },
      // The relations list's rows and conflicts, built field by field by relations-list.service
      // and conflicts.service; the relation types, one frozen array each (relationTypesWire),
      // so written once.
      {
        schema: relationListReplySchema,
        fields: ['relations', 'user_conflicts', 'institution_list', 'relation_types'],
      },
      { schema: relationViewReplySchema, fields: ['relationTypes'] },
      { schema: pendingEmploymentViewReplySchema, fields: ['relationTypes'] },
      { schema: addNewReplySchema, fields: ['relationTypes', 'relationTypesOrdered'] },
    ],
  });
  const loggers = createLoggers(config.LOG_LEVEL, logStream);
  const requestLog = new OneLinePerRequest(loggers.requestLines);
  const app = Fastify({
    // Every route's schemas go through our compilers (zod in, fast-json-stringify out). Given
    // here rather than set after, Fastify never loads its default Ajv compilers, some 50 ms of
    // CPU at every production start (docs/benchmarks.md, "Production start").
    schemaController: {
      // (Fastify's types describe these factories for Ajv and fast-json-stringify only.)
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as CompilersFactory,
    },
    loggerInstance: loggers.app,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Behind N proxies, TRUST_PROXY_HOPS=N lets the client address come from X-Forwarded-For;
    // trusting it without proxies would let anyone dodge the rate limits by forging it.
    // (A hop count, written as the function proxy-addr makes of it: Fastify's types omit numbers.)
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: 1_048_576,
    logController: requestLog,
    frameworkErrors: createFrameworkErrorAnswer(requestLog),
  });
  app.decorateRequest('session', null);
  registerResponseHeaders(app);

  const sessions = changes ? new SessionCache(changes) : undefined;
  if (sessions) app.addHook('onClose', async () => sessions.close());
  const conferenceRules = changes ? new ConferenceRulesCache(changes) : undefined;
  if (conferenceRules) app.addHook('onClose', async () => conferenceRules.close());
  const profileSummaries = changes ? new ProfileSummaryCache(changes) : undefined;
  if (profileSummaries) app.addHook('onClose', async () => profileSummaries.close());
  const context: AppContext = { config, db, sessions, conferenceRules, profileSummaries };
  await registerPlugins(app, db);
  registerErrorHandler(app);

  const requireUser = createRequireUser(context);
  const rateLimited = {
    rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };
  registerHealthRoutes(app, context);
  registerAuthRoutes(app, context, { requireUser, rateLimited });
  registerProfileRoutes(app, context, { requireUser });
  registerInstitutionRoutes(app, context, { requireUser });
  registerInstitutionAdminRoutes(app, context, { requireUser });
  registerRequestRoutes(app, context, { requireUser });
  registerDblpClaimRoutes(app, context, { requireUser });
  registerDblpStatusRoutes(app, context, { requireUser });
  registerRoleRoutes(app, context, { requireUser });
  registerAdminUserRoutes(app, context, { requireUser });
  registerContactRoutes(app, context, { requireUser });
  registerRelationRoutes(app, context, { requireUser });
  registerRelationDecisionRoutes(app, context, { requireUser });
  registerConferenceRoutes(app, context, { requireUser });
  await registerChairWorkspaceRoutes(app, context, { requireUser });
  registerPersonCheckRoutes(app, context, { requireUser });
  if (isDevMailboxEnabled(config)) registerMailboxRoutes(app, mailDirectory(config));

  const hasWebApp = await registerWebApp(app, config.WEB_DIST_DIR);
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && isClientRoute(request)) return reply.sendFile('index.html');
    return reply.code(404).send({ message: messages.notFound });
  });

  const transport = mailTransport ?? createMailTransport(config);
  const handlers: Record<string, JobHandler> = {
    [deliverMailJob]: createMailDeliveryHandler(db, transport),
    [passwordResetRequestJob]: (job) => sendPasswordReset(context, job),
    [confirmationResendJob]: (job) => resendConfirmation(context, job),
  };
  // The crawler needs somewhere to crawl: tests name a local server or leave it off.
  const isCrawling = config.JOBS === 'on' && config.DBLP_BASE_URL !== undefined;
  if (isCrawling) {
    const crawler = createDblpCrawler({ db, config });
    handlers[dblpCrawlPersonJob] = async (job) => void (await crawler.handleJob(job));
  }
  const worker = createWorker({ db, log: app.log, handlers });
  const jobs = isCrawling ? withCrawlSchedule(worker, { db, log: app.log }) : worker;
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  return app;
}

async function registerPlugins(app: FastifyInstance, db: Db) {
  registerSecurityHeaders(app);
  await registerCompression(app);
  // Counted in the database, so instances behind one load balancer share every limit.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(formBody);
  // A parser that fails without a status on a body it cannot read is the client's malformed
  // body: marking the request from preParsing until validation lets the error handler
  // answer 400, not 500.
  app.decorateRequest('isReadingBody', false);
  app.addHook('preParsing', async (request) => {
    request.isReadingBody = true;
  });
  registerMultipart(app);
  app.addHook('preValidation', async (request) => {
    request.isReadingBody = false;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Recuse API',
        version: '1.0.0',
        description: 'The conflict-of-interest database.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
