// The tables, in Drizzle. `npm run db:generate` turns changes here into a numbered SQL
// migration under server/drizzle/; migrations are committed and never edited once landed.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Everyone we know. `kind` says how: `registered` (has an account), `invited` (named by
 * e-mail in a relation, no account yet), `dblp_only` (imported from DBLP, no account),
 * `deleted` (kept so relations can show '(Deleted user)').
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['registered', 'invited', 'dblp_only', 'deleted'] }).notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    otherName1: text('other_name_1').notNull().default(''),
    otherName2: text('other_name_2').notNull().default(''),
    email: text('email'),
    secondaryEmail: text('secondary_email'),
    dblpPid: text('dblp_pid'),
    dblpName: text('dblp_name'),
    passwordHash: text('password_hash'),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    isOptedIn: boolean('is_opted_in').notNull().default(false),
    showHelpNotification: boolean('show_help_notification').notNull().default(true),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_dblp_pid_unique').on(table.dblpPid),
  ],
);

/**
 * Every secret we hand out, stored only as its SHA-256 hash. Access and refresh tokens of one
 * sign-in share a `family_id`, so reusing a rotated refresh token revokes the whole chain.
 */
export const tokens = pgTable(
  'tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['access', 'refresh', 'password_reset', 'email_confirmation', 'invitation'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id'),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tokens_token_hash_unique').on(table.tokenHash),
    index('tokens_family_id_index').on(table.familyId),
    index('tokens_user_id_index').on(table.userId),
  ],
);

/**
 * Institutions; status 3 means proposed by a user and awaiting an administrator's approval.
 * `name_key` and `alias_keys` are the name and aliases without case, accents or punctuation
 * (`institutionKey` in @recuse/common, computed in TypeScript so PGlite and PostgreSQL agree):
 * a name typed again finds the institution instead of creating a duplicate.
 */
export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nameKey: text('name_key').notNull().default(''),
    aliasKeys: text('alias_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    mergedIntoId: integer('merged_into_id'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (table) => [
    index('institutions_name_key_index').on(table.nameKey),
    index('institutions_alias_keys_index').using('gin', table.aliasKeys),
  ],
);

/** Positions a person holds at an institution; interns are flagged (SPEC's `position` 0/1). */
export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isIntern: boolean('is_intern').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/**
 * A person's time at an institution (SPEC's Affiliation). Dates are the first day of their
 * month; the end is empty while `is_current`. The start may be unknown only for rows imported
 * from DBLP; the profile form always sets it.
 */
export const affiliations = pgTable(
  'affiliations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    positionId: integer('position_id').references(() => positions.id),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    isCurrent: boolean('is_current').notNull().default(false),
    source: text('source').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    index('affiliations_user_id_index').on(table.userId),
    index('affiliations_institution_id_index').on(table.institutionId),
  ],
);

/** In-app notifications (SPEC section 3, Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    relationTypeId: integer('relation_type_id'),
    relationTypeName: text('relation_type_name'),
    publicationName: text('publication_name'),
    rejectReason: text('reject_reason'),
    relationId: integer('relation_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_id_index').on(table.userId)],
);

/**
 * The transactional outbox: a mail is written in the same transaction as the change that
 * causes it, and a job delivers it afterwards.
 */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Durable background work, claimed by workers with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [index('jobs_ready_index').on(table.status, table.runAt)],
);

/** Messages sent through the Contact us form. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what and when: every change to a relation, an institution or an account. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity_index').on(table.entity, table.entityId)],
);
