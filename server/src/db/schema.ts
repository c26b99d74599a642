// The tables, in Drizzle. `npm run db:generate` turns changes here into a numbered SQL
// migration under server/drizzle/; migrations are committed and never edited once landed.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /**
     * The addresses that identify the person (sign-in, relations typed by e-mail, invitations,
     * people search): for an account only confirmed ones, for an invited person the address
     * they were invited at. An account's `email` is null until its sign-up is confirmed when an
     * invited person held the address at sign-up (docs/security.md, section 3).
     */
    email: text('email'),
    secondaryEmail: text('secondary_email'),
    /** A new primary or secondary address given on the profile or at sign-up, awaiting its link. */
    pendingEmail: text('pending_email'),
    pendingSecondaryEmail: text('pending_secondary_email'),
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
    // The person pickers search by prefix of these keys (person_search_key, migration 0003),
    // each in C collation so one index serves both `like 'prefix%'` and the ordered, limited
    // scan: a search stops after a page of matches however common the prefix.
    index('users_search_first_last_index').on(
      sql`(person_search_key(${table.firstName} || ' ' || ${table.lastName}) collate "C")`,
    ),
    index('users_search_last_first_index').on(
      sql`(person_search_key(${table.lastName} || ' ' || ${table.firstName}) collate "C")`,
    ),
    index('users_search_other_name_1_index')
      .on(sql`(person_search_key(${table.otherName1}) collate "C")`)
      .where(sql`${table.otherName1} <> ''`),
    index('users_search_other_name_2_index')
      .on(sql`(person_search_key(${table.otherName2}) collate "C")`)
      .where(sql`${table.otherName2} <> ''`),
    index('users_search_dblp_name_index')
      .on(sql`(person_search_key(${table.dblpName}) collate "C")`)
      .where(sql`${table.dblpName} is not null`),
    index('users_secondary_email_index')
      .on(sql`lower(${table.secondaryEmail})`)
      .where(sql`${table.secondaryEmail} is not null`),
    // The person pickers also match the start of either confirmed address (docs/decisions/relations.md,
    // "Person search at scale"): the same C-collation prefix scans as the name keys.
    index('users_search_email_index')
      .on(sql`(lower(${table.email}) collate "C")`)
      .where(sql`${table.email} is not null`),
    index('users_search_secondary_email_index')
      .on(sql`(lower(${table.secondaryEmail}) collate "C")`)
      .where(sql`${table.secondaryEmail} is not null`),
    index('users_pending_email_index')
      .on(sql`lower(${table.pendingEmail})`)
      .where(sql`${table.pendingEmail} is not null`),
  ],
);

/** A row of `users`: every module that reads a person uses this one type. */
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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
      enum: [
        'access',
        'refresh',
        'password_reset',
        'email_confirmation',
        'secondary_email_confirmation',
        'email_change_undo',
        'invitation',
        // The `state` of an ORCID sign-in proving a DBLP claim: single use, minutes long.
        'orcid_state',
      ],
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
 * Institutions; status 3 means proposed by a user and awaiting an administrator's approval, 4
 * that an administrator rejected the proposal; `merged_into_id` names the institution a merged
 * one now stands for (its name became an alias there).
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
    /** The country, as an administrator writes it, or the ISO 3166 code ROR gives ('' when not given). */
    country: text('country').notNull().default(''),
    /**
     * The Research Organization Registry's id (its 9 characters, e.g. '05a28rw58') of an
     * institution imported from ROR (docs/institutions.md); null for one typed by a person.
     */
    rorId: text('ror_id'),
    /** ROR's status of an imported institution: 'active', 'inactive' or 'withdrawn' ('' otherwise). */
    rorStatus: text('ror_status').notNull().default(''),
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
    // A chair's unmatched authors are placed at an institution by their e-mail's domain.
    index('institutions_email_domains_index').using('gin', table.emailDomains),
    uniqueIndex('institutions_ror_id_unique').on(table.rorId),
    // Both partial: of ROR's ~120,000 imported rows, few are merged and none is a proposal.
    // The institutions merged into one (conflicts.repo, samePlaceSteps: a conflict list walks
    // them from every institution of the user's), and a person's own proposals (institutions.repo,
    // isTheirs; also what deleting a user sets to null). Without them, each read every row.
    index('institutions_merged_into_id_index')
      .on(table.mergedIntoId)
      .where(sql`${table.mergedIntoId} is not null`),
    index('institutions_created_by_user_id_index')
      .on(table.createdByUserId)
      .where(sql`${table.createdByUserId} is not null`),
    // The administrators' proposals, oldest first (institutions-admin.repo, listProposals): 3 is
    // institutionStatus.awaitingApproval. Without it, each look at the list read every row.
    index('institutions_proposals_index')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 3 and ${table.mergedIntoId} is null`),
  ],
);

/** How ROR relates two institutions; each link is stored from both ends, as ROR gives it. */
export const institutionLinkTypes = [
  'parent',
  'child',
  'related',
  'successor',
  'predecessor',
] as const;

/**
 * Links between institutions, as the Research Organization Registry gives them (its
 * `relationships`): `institution_id` has `related_institution_id` as its parent, child,
 * related institution, successor or predecessor. Replaced by every ROR import.
 */
export const institutionLinks = pgTable(
  'institution_links',
  {
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    relatedInstitutionId: integer('related_institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    type: text('type', { enum: institutionLinkTypes }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.institutionId, table.type, table.relatedInstitutionId] }),
    index('institution_links_related_institution_id_index').on(table.relatedInstitutionId),
  ],
);

/** Positions a person holds at an institution; interns are flagged (`position` 0/1 on the wire). */
export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isIntern: boolean('is_intern').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/**
 * A person's time at an institution (an affiliation). Dates are the first day of their month; the
 * end is empty while `is_current`. The start may be unknown only for rows imported from DBLP; the
 * profile form always sets it.
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

/** In-app notifications (docs/product.md, "Other entities, in short"). */
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
    /** A rejection's reason (of a relation or a DBLP claim). */
    rejectReason: text('reject_reason'),
    /** A comment that came with the event: a change comment, a request, a note to the admin. */
    comment: text('comment'),
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

/**
 * Rate-limit counters (server/src/http/rate-limit-store.ts): one row per limit and key (a
 * client address or a user), counting the calls of the window that ends at `resets_at`. In
 * the database, not in a process, so every instance on one database shares each limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_resets_at_index').on(table.resetsAt)],
);

/** Messages sent through the Contact us form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** An administrator's answer (requests inbox), sent to the author as a notification and a mail. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Closed in the requests inbox: handled, with or without an answer. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_index').on(table.createdAt)],
);

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

/**
 * The eight relation types with their form flags (docs/product.md, "Relation types"), seeded by
 * migration 0005 from the same values as `relationTypes` in @recuse/common, which the code reads; a
 * test holds the two together. The table gives relations a foreign key and SQL readers the names.
 */
export const relationTypes = pgTable('relation_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['person', 'publication', 'institution'] }).notNull(),
  showStartDate: boolean('show_start_date').notNull(),
  showEndDate: boolean('show_end_date').notNull(),
  isStartDateMandatory: boolean('is_start_date_mandatory').notNull(),
  isEndDateMandatory: boolean('is_end_date_mandatory').notNull(),
  startDateLabel: text('start_date_label').notNull().default(''),
  endDateLabel: text('end_date_label').notNull().default(''),
  startDateFormat: smallint('start_date_format').notNull(),
  endDateFormat: smallint('end_date_format').notNull(),
  maxDaysAhead: integer('max_days_ahead').notNull(),
  isCommentRequired: boolean('is_comment_required').notNull().default(false),
  sortOrder: smallint('sort_order').notNull(),
});

/**
 * Publications, awards and grants (a relation's title may point here). Imported ones carry
 * their DBLP key; a retired one was withdrawn from DBLP and is kept for the relations that name
 * it. `title_key` is the title without case, accents or punctuation (`institutionKey` in
 * @recuse/common) so the same paper typed twice is recognised; at DBLP's 8 M publications it is
 * looked up by index, never scanned.
 */
export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    dblpKey: text('dblp_key'),
    title: text('title').notNull(),
    titleKey: text('title_key').notNull(),
    year: smallint('year'),
    venue: text('venue'),
    /** DBLP's element name (`article`, `inproceedings`, …), or `manual` for typed ones. */
    kind: text('kind').notNull().default('manual'),
    /**
     * The paper type (1 research paper, 2 not) as `paperTypeOf` derives it from DBLP's kind and
     * publtype, kept so the import's set-based relations phase can copy it to the relation.
     */
    paperType: smallint('paper_type').notNull().default(1),
    isRetired: boolean('is_retired').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('publications_dblp_key_unique').on(table.dblpKey),
    index('publications_title_key_index').on(table.titleKey, table.year),
  ],
);

/** The authors of a publication in their order, with the name as the record writes it. */
export const publicationAuthors = pgTable(
  'publication_authors',
  {
    publicationId: integer('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.publicationId, table.position] }),
    index('publication_authors_user_id_index').on(table.userId),
  ],
);

/**
 * A relation (`GID` on the wire): what its creator recorded. The other people named on it are its
 * parties, each with their own status. `status` is the relation's own: 1 active (3 pending for a
 * type 8 whose institution awaits approval), 2 set for deletion, 0 inactive; 0 and 2 retire it
 * everywhere. Dates are a year and, for month formats, a month; no end means ongoing. DBLP-imported
 * relations name their first known author as creator and everyone else as a validated party, and
 * nobody edits them.
 */
export const relations = pgTable(
  'relations',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => relationTypes.id),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(1),
    startYear: smallint('start_year'),
    startMonth: smallint('start_month'),
    endYear: smallint('end_year'),
    endMonth: smallint('end_month'),
    /** Publication title, award or grant name (types 3, 6, 7). */
    title: text('title'),
    titleKey: text('title_key'),
    publicationId: integer('publication_id').references(() => publications.id, {
      onDelete: 'set null',
    }),
    /** Type 8: the institution of the pending employment or application. */
    institutionId: integer('institution_id').references(() => institutions.id),
    /** The paper type: 1 research paper, 2 not a research paper, 0 for awards and grants. */
    paperType: smallint('paper_type').notNull().default(1),
    isCommunityPaper: boolean('is_community_paper').notNull().default(false),
    source: text('source').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isDblpImported: boolean('is_dblp_imported').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('relations_creator_user_id_index').on(table.creatorUserId),
    index('relations_type_title_key_index').on(table.typeId, table.titleKey),
    index('relations_publication_id_index').on(table.publicationId),
    index('relations_institution_id_index').on(table.institutionId),
    // One imported relation per publication, whether the dump import or the crawler made it.
    uniqueIndex('relations_dblp_publication_unique')
      .on(table.publicationId)
      .where(sql`${table.isDblpImported}`),
  ],
);

/**
 * Each other person named on a relation (the co-author rows on the wire), with their own answer: 3
 * pending, 1 accepted, 4 rejected (disputed, with the reason), 2 removed by the creator.
 */
export const relationParties = pgTable(
  'relation_parties',
  {
    id: serial('id').primaryKey(),
    relationId: integer('relation_id')
      .notNull()
      .references(() => relations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(3),
    reason: text('reason'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('relation_parties_relation_user_unique').on(table.relationId, table.userId),
    index('relation_parties_user_id_index').on(table.userId),
  ],
);

/**
 * The activity log of a relation (its comments): change comments, requests for a change and
 * messages to the administrators (`is_to_admin`), which only administrators and their author see.
 */
export const relationComments = pgTable(
  'relation_comments',
  {
    id: serial('id').primaryKey(),
    relationId: integer('relation_id')
      .notNull()
      .references(() => relations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    isToAdmin: boolean('is_to_admin').notNull().default(false),
    /**
     * An administrator's answer to a message to the administrators (requests inbox): kept
     * among the to-admin comments, and read by the author of the message it answers too.
     */
    answersCommentId: integer('answers_comment_id').references(
      (): AnyPgColumn => relationComments.id,
      { onDelete: 'set null' },
    ),
    /** A message to the administrators handled in the requests inbox. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Written by the creator with an edit (`sourceUserUpdateComment` on the wire). */
    isChangeComment: boolean('is_change_comment').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('relation_comments_relation_id_index').on(table.relationId),
    // The requests inbox reads the messages to the administrators, newest first.
    index('relation_comments_to_admin_index')
      .on(table.createdAt)
      .where(sql`${table.isToAdmin} and ${table.answersCommentId} is null`),
  ],
);

/**
 * A DBLP person's names: the primary name as DBLP spells it (homonym suffix such as ' 0001'
 * kept) and every alias from the person record. DBLP gives each name to exactly one person, so
 * `name` is the key the dump import's second phase and the crawler resolve authors by.
 */
export const dblpNames = pgTable(
  'dblp_names',
  {
    name: text('name').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(true),
  },
  (table) => [index('dblp_names_user_id_index').on(table.userId)],
);

/**
 * DBLP facts about a person that the profile does not hold: the affiliation notes of the person
 * record, and when the crawler last fetched the per-person XML and should fetch it again.
 */
export const dblpPeople = pgTable(
  'dblp_people',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    affiliationNotes: text('affiliation_notes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    crawledAt: timestamp('crawled_at', { withTimezone: true }),
    /** When the refresh schedule next queues this person; `null` for people never crawled. */
    crawlDueAt: timestamp('crawl_due_at', { withTimezone: true }),
    lastCrawlError: text('last_crawl_error'),
    ...timestamps,
  },
  (table) => [index('dblp_people_crawl_due_at_index').on(table.crawlDueAt)],
);

/**
 * A claim of a DBLP person by an account (docs/dblp.md, "Claims"). Typing a DBLP URL proves
 * nothing, so a claim is `provisional` until an administrator confirms it (`confirmed`, the
 * pid then moves to `users.dblp_pid`) or refuses it (`rejected`, with `reason`). It is
 * `disputed` when the account that holds the pid, or another claimer, contests it; saving
 * another URL `withdrawn`s it. `users.dblp_pid` stays the one source of who holds a pid: only
 * confirmed claims reach it. One open (provisional or disputed) claim per account.
 */
export const dblpClaims = pgTable(
  'dblp_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pid: text('pid').notNull(),
    state: text('state', {
      enum: ['provisional', 'disputed', 'confirmed', 'rejected', 'withdrawn'],
    })
      .notNull()
      .default('provisional'),
    /**
     * How a confirmed claim was proven: `admin`, `orcid` (the claimant signed in with an ORCID
     * iD the DBLP page lists), or `seed` for the demo data.
     */
    proof: text('proof', { enum: ['admin', 'orcid', 'email', 'seed'] }),
    reason: text('reason'),
    disputedByUserId: integer('disputed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    disputeReason: text('dispute_reason'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('dblp_claims_pid_index').on(table.pid),
    uniqueIndex('dblp_claims_open_user_unique')
      .on(table.userId)
      .where(sql`${table.state} in ('provisional', 'disputed')`),
  ],
);

/**
 * Politeness per remote host: the earliest moment the next request may go. Kept in the
 * database so a restart or a second instance never resets the spacing or a `Retry-After`.
 */
export const crawlHosts = pgTable('crawl_hosts', {
  host: text('host').primaryKey(),
  nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull(),
  /** Consecutive failures (5xx, timeouts, malformed answers): the exponent of the backoff. */
  failureCount: integer('failure_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One run of `npm run dblp:import`, per dump file (path, size and modification time). The
 * checkpoint (`phase`, `records_done`) is committed with each batch, so a crashed run resumes
 * where its last batch ended and a finished one is not repeated.
 */
export const dblpImports = pgTable(
  'dblp_imports',
  {
    id: serial('id').primaryKey(),
    sourcePath: text('source_path').notNull(),
    sourceSize: bigint('source_size', { mode: 'number' }).notNull(),
    sourceMtime: timestamp('source_mtime', { withTimezone: true }).notNull(),
    phase: text('phase', { enum: ['records', 'people', 'relations', 'done'] })
      .notNull()
      .default('records'),
    recordsDone: integer('records_done').notNull().default(0),
    peopleDone: integer('people_done').notNull().default(0),
    relationsDone: integer('relations_done').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('dblp_imports_source_unique').on(
      table.sourcePath,
      table.sourceSize,
      table.sourceMtime,
    ),
  ],
);

/**
 * One run of the import command (docs/dblp.md, "The dump import"), for the administrators'
 * DBLP page: when it started and ended, how far it read, what it counted and how it ended. The
 * command writes it (progress every few seconds); `dblp_imports` stays the checkpoint. A run
 * still `running` whose `updated_at` is old was killed: the next run of the same file resumes.
 */
export const dblpImportRuns = pgTable(
  'dblp_import_runs',
  {
    id: serial('id').primaryKey(),
    /** The checkpoint of the file, once the command found or started it. */
    importId: integer('import_id').references(() => dblpImports.id, { onDelete: 'set null' }),
    sourcePath: text('source_path').notNull(),
    sourceSize: bigint('source_size', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['running', 'done', 'already-imported', 'failed'] })
      .notNull()
      .default('running'),
    phase: text('phase', { enum: ['records', 'people', 'relations', 'done'] })
      .notNull()
      .default('records'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    recordsRead: integer('records_read').notNull().default(0),
    /** Phases 2 and 3: publication ids covered, of `phase_total`. */
    phaseDone: integer('phase_done').notNull().default(0),
    phaseTotal: integer('phase_total').notNull().default(0),
    publications: integer('publications').notNull().default(0),
    people: integer('people').notNull().default(0),
    redirects: integer('redirects').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    authorsResolved: integer('authors_resolved').notNull().default(0),
    relationsCreated: integer('relations_created').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dblp_import_runs_started_at_index').on(table.startedAt)],
);

/**
 * Conferences and their conflict rules (docs/conflicts.md, "Rules"). `DEFAULT` is seeded with the
 * rules of `defaultConflictRules` in @recuse/common. `reference_date` is the date windows are
 * measured back from (usually the submission deadline); `null` means the day of the request.
 */
export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    referenceDate: date('reference_date', { mode: 'string' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (table) => [uniqueIndex('conferences_name_unique').on(sql`lower(${table.name})`)],
);

/** A row's conference: required, and the row goes when the conference does. */
const conferenceIdColumn = () =>
  integer('conference_id')
    .notNull()
    .references(() => conferences.id, { onDelete: 'cascade' });

/** The chairs of a conference: they edit its rules and see its members' relations. */
export const conferenceChairs = pgTable(
  'conference_chairs',
  {
    conferenceId: conferenceIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.conferenceId, table.userId] }),
    index('conference_chairs_user_id_index').on(table.userId),
  ],
);

/** One rule of a conference (`ConflictRule` in @recuse/common; docs/conflicts.md, "Rules"). */
export const conferenceRules = pgTable(
  'conference_rules',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    /** The rule's stable id within its conference (the wire's `value`). */
    value: text('value').notNull(),
    title: text('title').notNull(),
    /** 1 to 8, or 0 for the Institutional pseudo type (no foreign key for that reason). */
    relationTypeId: integer('relation_type_id').notNull(),
    checkedDate: text('checked_date', { enum: ['start', 'end'] }).notNull(),
    isReadonly: boolean('is_readonly').notNull().default(false),
    operation: text('operation', {
      enum: ['ALWAYS', 'WITHIN_X_YEARS', 'WITHIN_X_MONTHS'],
    }).notNull(),
    numberOfYears: smallint('number_of_years'),
    numberOfMonths: smallint('number_of_months'),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('conference_rules_value_unique').on(table.conferenceId, table.value)],
);

/**
 * Who an uploaded row turned out to be (modules/chair-workspace/people-matching.ts), stored with
 * it so that a late member's row does not match every author line again: the person, how they
 * were found, the namesakes of a row only a name matches, and the registry institutions the row
 * names (JSON; null until the row is matched). A cache: it holds while nothing it was worked
 * out from changed (conference_workspaces' match generations, docs/data-model.md), so no
 * foreign key.
 */
const storedMatchColumns = {
  matchedUserId: integer('matched_user_id'),
  matchedBy: text('matched_by', { enum: ['email', 'dblp'] }),
  candidateIds: integer('candidate_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  placedInstitutions: jsonb('placed_institutions'),
};

/**
 * A person as a line of an uploaded HotCRP file names them (committee_members,
 * submission_authors). The address column is each table's own: every committee line has one,
 * an author line may not.
 */
const uploadedPersonColumns = <Email extends PgColumnBuilderBase>(email: Email) => ({
  /** The line of the uploaded file (the header is line 1). */
  line: integer('line').notNull(),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  email,
  affiliation: text('affiliation').notNull().default(''),
  orcid: text('orcid'),
  dblpPid: text('dblp_pid'),
});

/**
 * A conference's program committee as its chair uploaded it (HotCRP's PC info CSV,
 * docs/review-systems.md). Rows are kept as the file gave them, with who each one is among our
 * users as last worked out (storedMatchColumns), which is worked out again whenever our people
 * changed since, so a person who joins after the upload is found without uploading again.
 * Re-uploading replaces the set.
 */
export const committeeMembers = pgTable(
  'committee_members',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    ...uploadedPersonColumns(text('email').notNull()),
    ...storedMatchColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('committee_members_email_unique').on(
      table.conferenceId,
      sql`lower(${table.email})`,
    ),
  ],
);

/**
 * The invitation mails sent to committee addresses nobody has an account for
 * (docs/api-conflicts.md, "Inviting committee members"): one row per conference and address,
 * kept when an upload replaces the committee, so re-adding the address shows what was sent.
 */
export const committeeInvitations = pgTable(
  'committee_invitations',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    /** Lower case, as the committee's address is compared. */
    email: text('email').notNull(),
    /** The chair or administrator who sent the latest mail. */
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    timesSent: integer('times_sent').notNull().default(1),
    firstSentAt: timestamp('first_sent_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('committee_invitations_email_unique').on(table.conferenceId, table.email),
  ],
);

/** A conference's submissions by HotCRP paper number (HotCRP's authors CSV). */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    paper: integer('paper').notNull(),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('submissions_paper_unique').on(table.conferenceId, table.paper)],
);

/**
 * The people of a submission, one row per line of the authors CSV, in the file's order.
 * `is_author` is false for a contact who is not an author (HotCRP's `iscontact` nonauthor).
 */
export const submissionAuthors = pgTable(
  'submission_authors',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    ...uploadedPersonColumns(text('email').notNull().default('')),
    isAuthor: boolean('is_author').notNull().default(true),
    isContact: boolean('is_contact').notNull().default(false),
    ...storedMatchColumns,
  },
  (table) => [index('submission_authors_submission_id_index').on(table.submissionId)],
);

/** The chair's switches for a conference's workspace (docs/api-conflicts.md). */
export const conferenceWorkspaces = pgTable('conference_workspaces', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conferences.id, { onDelete: 'cascade' }),
  /** Co-authors on another submission to this conference count as conflicts. */
  countsSubmissionCoauthors: boolean('counts_submission_coauthors').notNull().default(false),
  /**
   * The people generation (the sequence people_match_generation, which every change to what
   * matching reads of users and institutions advances) at which the committee's and the
   * submissions' stored matches were worked out; null: not stored.
   */
  committeeMatchGeneration: bigint('committee_match_generation', { mode: 'number' }),
  submissionsMatchGeneration: bigint('submissions_match_generation', { mode: 'number' }),
  ...timestamps,
});

/**
 * Who changed at each step of the people generation (docs/data-model.md, "Stored matches"),
 * written by the triggers that advance it (migration 0029): the people a statement inserted,
 * deleted, or changed what matching reads of; null when anything may have changed (an
 * institution, or more than 1,000 people at once). So stored matches are worked out again only
 * for the rows those people can touch. A step with no row here (a statement rolled back, or
 * not committed yet) counts as anything. Steps before the newest null one are deleted with it.
 */
export const peopleMatchChanges = pgTable('people_match_changes', {
  generation: bigint('generation', { mode: 'number' }).primaryKey(),
  userIds: integer('user_ids').array(),
});

/**
 * A chair's pick for an uploaded row only a name matches (docs/api-conflicts.md, "Picking a
 * candidate"): the candidate (`user_id`) or none of them (null), with the candidates offered then
 * (`offered_ids`: a namesake who turns up later opens the row again). Keyed by what the row is in
 * any upload of the file (`row_key`: the member's address; an author's address, or with none
 * the paper and the name), so that the same row in a new upload keeps its pick; kept apart from
 * the rows, so recomputation and new uploads never touch it.
 */
export const matchPicks = pgTable(
  'match_picks',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    file: text('file', { enum: ['committee', 'submissions'] }).notNull(),
    rowKey: text('row_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    offeredIds: integer('offered_ids').array().notNull(),
    pickedBy: integer('picked_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('match_picks_row_unique').on(table.conferenceId, table.file, table.rowKey),
  ],
);

/**
 * A chair's decision on one committee member and one submission (docs/api-conflicts.md,
 * "Decisions"): `confirmed` (a conflict, whatever the matrix finds) or `not_conflict`, with the
 * chair's reason. Keyed by the member's address and the paper number, not by uploaded rows, so
 * that it survives new uploads and every recomputation.
 */
export const conflictDecisions = pgTable(
  'conflict_decisions',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    paper: integer('paper').notNull(),
    /** Lower case, as the committee file's address is kept. */
    memberEmail: text('member_email').notNull(),
    decision: text('decision', { enum: ['confirmed', 'not_conflict'] }).notNull(),
    /** HotCRP's keyword for a confirmed conflict; null: the matrix's type, else `other`. */
    conflictType: text('conflict_type'),
    reason: text('reason').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('conflict_decisions_pair_unique').on(
      table.conferenceId,
      table.paper,
      table.memberEmail,
    ),
  ],
);

/**
 * Each stored computation of a conference's matrix, numbered from 1: why it was computed, when
 * it was exported, and how many lines HotCRP's assignment file would carry (`pair_count`). The
 * lines themselves are in matrix_version_pairs, each stored once for the run of versions that
 * hold it, so that a version costs what changed, not the whole matrix.
 */
export const matrixVersions = pgTable(
  'matrix_versions',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    number: integer('number').notNull(),
    cause: text('cause', { enum: ['recompute', 'member', 'export'] }).notNull(),
    pairCount: integer('pair_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('matrix_versions_number_unique').on(table.conferenceId, table.number)],
);

/**
 * The lines of the matrix versions (docs/data-model.md, "Matrix versions"): one line of HotCRP's
 * assignment file (`paper`, `member_email`, action, type, provisional and pinned), held by the
 * conference's versions `from_version` up to, not including, `until_version` (null: the newest
 * still holds it). A version's lines are those whose range contains its number; a line that
 * changes is closed and a new one opened.
 */
export const matrixVersionPairs = pgTable(
  'matrix_version_pairs',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    paper: integer('paper').notNull(),
    /** Lower case, as the committee file's address is kept. */
    memberEmail: text('member_email').notNull(),
    action: text('action', { enum: ['conflict', 'clearconflict'] }).notNull(),
    /** HotCRP's keyword; null for `clearconflict`. */
    conflict: text('conflict'),
    isProvisional: boolean('is_provisional').notNull(),
    isPinned: boolean('is_pinned').notNull(),
    fromVersion: integer('from_version').notNull(),
    untilVersion: integer('until_version'),
  },
  (table) => [
    index('matrix_version_pairs_from_index').on(table.conferenceId, table.fromVersion),
    index('matrix_version_pairs_until_index').on(table.conferenceId, table.untilVersion),
    index('matrix_version_pairs_open_index')
      .on(table.conferenceId, table.memberEmail)
      .where(sql`${table.untilVersion} is null`),
  ],
);

/** HotCRP's current assignments as the chair uploaded them (its assignments CSV). */
export const hotcrpAssignments = pgTable(
  'hotcrp_assignments',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    line: integer('line').notNull(),
    paper: integer('paper').notNull(),
    /** Lower case. */
    email: text('email').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('hotcrp_assignments_conference_index').on(table.conferenceId)],
);

/**
 * Each audit of the conflicts declared in HotCRP (its PC conflicts CSV), numbered from 1, with
 * its whole answer (`result`, JSON) so that a later run can be compared with the first.
 */
export const conflictAuditRuns = pgTable(
  'conflict_audit_runs',
  {
    id: serial('id').primaryKey(),
    conferenceId: conferenceIdColumn(),
    number: integer('number').notNull(),
    result: jsonb('result').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conflict_audit_runs_number_unique').on(table.conferenceId, table.number),
  ],
);
