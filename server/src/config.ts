// Configuration is the environment, parsed once at start (docs/architecture.md, "Where each kind of
// thing lives"). Every variable is listed, with its default, in the root .env.example.
import path from 'node:path';
import { z } from 'zod';
import { repositoryDirectory } from './paths.ts';
import type { DatabaseTarget } from './db/client.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));
const optionalUrl = optionalText;

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Outside production the default is loopback only (see defaultHost).
  HOST: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  // Connections kept to PostgreSQL; without it, db/client.ts's defaultPoolSize.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Recuse <no-reply@recuse.localhost>'),
  CONTACT_EMAIL: z.string().default('admin@recuse.localhost'),
  // No default under NODE_ENV=test (see loadConfig): a test crawls only the server it names.
  DBLP_BASE_URL: optionalUrl.pipe(z.string().url().optional()),
  /** At least this long between two requests to one DBLP host (DBLP asks for 1 to 2 s). */
  DBLP_CRAWL_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** A crawled person is fetched again this many days later. */
  DBLP_REFRESH_DAYS: z.coerce.number().positive().default(30),
  /** One request to DBLP, body included, is abandoned after this long. */
  DBLP_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** ORCID sign-in proves DBLP claims (docs/dblp.md, "Claims"); off without a client id. */
  ORCID_CLIENT_ID: optionalText,
  ORCID_CLIENT_SECRET: optionalText,
  ORCID_BASE_URL: z.string().trim().url().default('https://orcid.org'),
  API_KEY: z.string().min(1).default('recuse-web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(3600).default(7200),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** A used refresh token is accepted again this long (a retry, a second tab): 0 turns it off. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  WEB_DIST_DIR: z.string().optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Sign-ups per hour and client address, on top of the per-minute limit above. */
  SIGN_UP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Invitation mails a day, per creator of relations and per invited address. */
  INVITATIONS_PER_CREATOR_PER_DAY: z.coerce.number().int().min(1).default(50),
  INVITATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Sign-up confirmation links sent again ('Send the confirmation again') per address and hour. */
  CONFIRMATION_RESENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** People searches per minute and signed-in user. */
  PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

export type Config = z.infer<typeof configSchema> & {
  HOST: string;
  PUBLIC_URL: string;
  WEB_DIST_DIR: string;
};

/**
 * Production listens on every interface; anything else on loopback only, so a laptop's
 * development server (and its mailbox) is not reachable from a shared network by default.
 */
const defaultHost = (nodeEnv: string) => (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');

/** The real DBLP, unless tests run: they must name a local server, or the crawler stays off. */
const defaultDblpBaseUrl = (nodeEnv: string) =>
  nodeEnv === 'test' ? undefined : 'https://dblp.org';

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.ORCID_CLIENT_ID && !config.ORCID_CLIENT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  ORCID_CLIENT_SECRET: required when ORCID_CLIENT_ID is set',
    );
  }
  return {
    ...config,
    HOST: config.HOST ?? defaultHost(config.NODE_ENV),
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    WEB_DIST_DIR: config.WEB_DIST_DIR ?? path.join(repositoryDirectory, 'web/dist'),
    DBLP_BASE_URL: (config.DBLP_BASE_URL ?? defaultDblpBaseUrl(config.NODE_ENV))?.replace(
      /\/+$/,
      '',
    ),
    ORCID_BASE_URL: config.ORCID_BASE_URL.replace(/\/+$/, ''),
  };
}

/**
 * The database the server and the command-line tools open: PostgreSQL at `url` (by default
 * DATABASE_URL) with DATABASE_POOL_SIZE connections, else the embedded one in DATA_DIR.
 */
export function databaseTargetOf(
  config: Config,
  url: string | undefined = config.DATABASE_URL,
): DatabaseTarget {
  return url ? { url, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: config.DATA_DIR };
}

/** The development mailbox is for laptops: off when real mail is configured or in production. */
export function isDevMailboxEnabled(config: Config): boolean {
  return !config.SMTP_URL && config.NODE_ENV !== 'production';
}
