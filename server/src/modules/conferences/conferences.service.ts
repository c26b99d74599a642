// Conferences and their rules: the dropdown every signed-in user picks from, and the
// management calls of chairs and administrators (docs/api-conflicts.md).
//
// Who may do what, in plain words:
// - Everyone signed in sees every conference and its rules (they generate lists with them).
// - Any registered user may create a conference and becomes its chair (chairs create
//   conferences; there is no separate chair role to ask for: docs/decisions/conflicts.md).
// - A conference's chairs and administrators edit it, its rules and its chairs, and delete it.
// - DEFAULT is the administrators' alone: only they edit its rules; nobody renames, re-dates
//   or deletes it (the contract fixes its value and label: docs/conflicts.md, "The DEFAULT
//   conference").
// - Someone seeing a conference but not allowed to change it gets 403; an unknown conference
//   or rule 404.
import type {
  ChairedConferencesReply,
  ConferenceChairsReply,
  ConferenceCreate,
  ConferenceOption,
  ConferenceUpdate,
  ConflictRuleSave,
} from '@recuse/common';
import { conferenceMessages, maxRulesPerConference, ruleToWire } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import { findViolatedUniqueIndex } from '../../db/errors.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { findConfirmedAccount } from '../auth/auth.service.ts';
import type { Conference, ConferenceRuleRow } from './conferences.repo.ts';
import * as repo from './conferences.repo.ts';
import type { ConferenceRulesCache, ConferenceWithRules } from './rules-cache.ts';
import { displayName } from '../relations/relation-wire.ts';

/** How many conferences one person may create: enough for any chair, few enough to bound spam. */
export const maxConferencesPerCreator = 20;

export const conferenceRefusals = {
  notChair: 'Only the chairs of this conference and administrators may change it.',
  defaultRules: "Only administrators may change the default conference's rules.",
  defaultConference:
    'The default conference cannot be renamed, re-dated or deleted; administrators may change its rules.',
  tooManyConferences: `You can create at most ${maxConferencesPerCreator} conferences. Please ask an administrator.`,
  chairUnknown: 'No registered user has this e-mail address.',
  notAChair: 'This account does not chair this conference.',
  lastChair: 'A conference needs at least one chair: name another chair before removing this one.',
  notChairWorkspace:
    'Only the chairs of this conference and administrators may see and change its committee and submissions.',
} as const;

const forbidden = (message: string) => new HttpError(403, { message });

export function isDefaultConference(conference: Conference): boolean {
  return conference.name === repo.defaultConferenceName;
}

/** A conference as the dropdown shows it; DEFAULT's value is 'DEFAULT' (docs/api-conflicts.md). */
export function toConferenceOption(
  conference: Conference,
  rules: readonly ConferenceRuleRow[],
): ConferenceOption {
  return {
    value: isDefaultConference(conference) ? repo.defaultConferenceName : String(conference.id),
    label: conference.label,
    conference_name: conference.name,
    confid: conference.id,
    reference_date: conference.referenceDate,
    rules: rules.map((rule) => ruleToWire(repo.toConflictRule(rule))),
  };
}

/** GET /v1/web/conference/data/list/conferDrpList. */
export async function getConferenceDropList(context: AppContext) {
  const conferences = await repo.listConferences(context.db);
  const rules = await repo.listRules(
    context.db,
    conferences.map((conference) => conference.id),
  );
  const options = conferences.map((conference) =>
    toConferenceOption(
      conference,
      rules.filter((rule) => rule.conferenceId === conference.id),
    ),
  );
  const defaultOption = options.find((option) => option.value === repo.defaultConferenceName);
  return { options, default_rules: defaultOption?.rules ?? [] };
}

/**
 * `confid` as clients send it: the id (number or digits), 'DEFAULT' (the dropdown's value),
 * or nothing for DEFAULT. Anything else names no conference.
 */
export async function findConferenceByConfid(
  db: Db,
  confid: string | number | undefined | null,
): Promise<Conference | undefined> {
  const key = conferenceKeyOf(confid);
  return key ? repo.findConference(db, key) : undefined;
}

/** A confid as sent: DEFAULT (or nothing) names the default conference, digits an id. */
function conferenceKeyOf(confid: string | number | undefined | null): repo.ConferenceKey | null {
  const text = String(confid ?? '').trim();
  if (text === '' || text.toUpperCase() === repo.defaultConferenceName) {
    return { name: repo.defaultConferenceName };
  }
  return /^\d{1,9}$/.test(text) ? { id: Number(text) } : null;
}

/**
 * The conference and its rules in order (one statement), or 404. With `cache` (a request's
 * `context.conferenceRules`, never inside a transaction, which must read its own changes), a
 * copy kept in memory when there is a trustworthy one.
 */
export async function loadConferenceRules(
  db: Db,
  confid: string | number | undefined | null,
  cache?: ConferenceRulesCache,
): Promise<ConferenceWithRules> {
  const key = conferenceKeyOf(confid);
  if (!key) throw notFound();
  const read = async () => {
    const found = await repo.findConferenceWithRules(db, key);
    return found && { conference: found.conference, rules: found.rules.map(repo.toConflictRule) };
  };
  const found = await (cache
    ? cache.find('id' in key ? `id:${key.id}` : `name:${key.name}`, read)
    : read());
  if (!found) throw notFound();
  return found;
}

/**
 * The conference whose chair's workspace (committee, submissions, matrix) the caller opens:
 * 404 when there is no such conference, 403 unless they chair it or are an administrator.
 * `lock` holds the conference's row until the transaction ends, so two uploads queue.
 */
export async function findChairedConference(
  db: Db,
  session: SessionUser,
  confid: string,
  options: { lock?: boolean } = {},
): Promise<Conference> {
  const found = await findConferenceByConfid(db, confid);
  const conference = found && options.lock ? await repo.lockConference(db, found.id) : found;
  if (!conference) throw notFound();
  if (session.user.role !== 'admin' && !(await repo.isChair(db, conference.id, session.user.id))) {
    throw forbidden(conferenceRefusals.notChairWorkspace);
  }
  return conference;
}

/**
 * GET /v1/web/conference/data/list/chaired: the conferences whose workspace the caller may
 * open (findChairedConference), by label: their own as chair, every one for an administrator.
 * DEFAULT holds everyone's rules, not a programme, so it is not listed (an administrator may
 * still open its workspace by its id).
 */
export async function listChairedConferences(
  context: AppContext,
  session: SessionUser,
): Promise<ChairedConferencesReply> {
  const [all, chaired] = await Promise.all([
    repo.listConferences(context.db),
    repo.listChairedConferenceIds(context.db, session.user.id),
  ]);
  const isAdmin = session.user.role === 'admin';
  return {
    conferences: all
      .filter((conference) => !isDefaultConference(conference))
      .filter((conference) => isAdmin || chaired.has(conference.id))
      .map((conference) => ({
        confid: conference.id,
        name: conference.name,
        label: conference.label,
        reference_date: conference.referenceDate,
        is_chair: chaired.has(conference.id),
      })),
  };
}

async function reply(db: Db, conference: Conference, message: 'CREATED' | 'UPDATED' | 'DELETED') {
  const rules = await repo.listRules(db, [conference.id]);
  return { message, conference: toConferenceOption(conference, rules) };
}

/**
 * Locks the conference and checks the caller may change what `what` names: the conference
 * itself (label, date, chairs, deletion) or its rules.
 */
async function lockManaged(
  db: Db,
  session: SessionUser,
  confid: string,
  what: 'conference' | 'rules',
): Promise<Conference> {
  const found = await findConferenceByConfid(db, confid);
  const conference = found ? await repo.lockConference(db, found.id) : undefined;
  if (!conference) throw notFound();
  const isAdmin = session.user.role === 'admin';
  if (isDefaultConference(conference)) {
    if (what === 'conference') throw forbidden(conferenceRefusals.defaultConference);
    if (!isAdmin) throw forbidden(conferenceRefusals.defaultRules);
    return conference;
  }
  if (!isAdmin && !(await repo.isChair(db, conference.id, session.user.id))) {
    throw forbidden(conferenceRefusals.notChair);
  }
  return conference;
}

function snapshot(conference: Conference) {
  return {
    name: conference.name,
    label: conference.label,
    referenceDate: conference.referenceDate,
  };
}

/** POST /v1/web/conference/data/save: a new conference with no rules; its creator chairs it. */
export async function createConference(
  context: AppContext,
  session: SessionUser,
  form: ConferenceCreate,
) {
  return context.db.transaction(async (tx) => {
    if (
      session.user.role !== 'admin' &&
      (await repo.countConferencesCreatedBy(tx, session.user.id)) >= maxConferencesPerCreator
    ) {
      throw forbidden(conferenceRefusals.tooManyConferences);
    }
    if (await repo.findConference(tx, { name: form.name })) {
      throw conflict({ name: [conferenceMessages.nameTaken] });
    }
    const conference = await insertOrRefuse(() =>
      repo.insertConference(tx, {
        name: form.name,
        label: form.label,
        referenceDate: form.reference_date,
        createdByUserId: session.user.id,
      }),
    );
    await repo.addChair(tx, conference.id, session.user.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.create',
      entity: 'conference',
      entityId: conference.id,
      after: snapshot(conference),
    });
    return reply(tx, conference, 'CREATED');
  });
}

/** Two creations of one name at once: the unique index decides, the loser hears why. */
async function insertOrRefuse<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (findViolatedUniqueIndex(error) === 'conferences_name_unique') {
      throw conflict({ name: [conferenceMessages.nameTaken] });
    }
    throw error;
  }
}

/** POST /v1/web/conference/data/update/{confid}: label and reference date. */
export async function updateConferenceDetails(
  context: AppContext,
  session: SessionUser,
  confid: string,
  form: ConferenceUpdate,
) {
  return context.db.transaction(async (tx) => {
    const before = await lockManaged(tx, session, confid, 'conference');
    const after = await repo.updateConference(tx, before.id, {
      label: form.label,
      referenceDate: form.reference_date,
    });
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.update',
      entity: 'conference',
      entityId: before.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return reply(tx, after, 'UPDATED');
  });
}

/** POST /v1/web/conference/data/delete/{confid}: the conference, its rules and chairs. */
export async function removeConference(context: AppContext, session: SessionUser, confid: string) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'conference');
    const answer = await reply(tx, conference, 'DELETED');
    await repo.deleteConference(tx, conference.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.delete',
      entity: 'conference',
      entityId: conference.id,
      before: { ...snapshot(conference), rules: answer.conference.rules },
    });
    return answer;
  });
}

/**
 * POST /v1/web/conference/data/chair/add/{confid}: another registered user, named by the
 * confirmed primary address of their account, chairs it too.
 */
export async function addConferenceChair(
  context: AppContext,
  session: SessionUser,
  confid: string,
  email: string,
) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'conference');
    // Only an address its account has confirmed names a chair.
    const chair = await findConfirmedAccount(tx, email);
    if (!chair) {
      throw validationFailed({ email: [conferenceRefusals.chairUnknown] });
    }
    await repo.addChair(tx, conference.id, chair.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.add-chair',
      entity: 'conference',
      entityId: conference.id,
      after: { chairUserId: chair.id },
    });
    return reply(tx, conference, 'UPDATED');
  });
}

/**
 * GET /v1/web/conference/data/chair/list/{confid}: who chairs it, for its chairs and
 * administrators (404 no such conference, 403 anyone else). A read: not audited.
 */
export async function listConferenceChairs(
  context: AppContext,
  session: SessionUser,
  confid: string,
): Promise<ConferenceChairsReply> {
  const conference = await findConferenceByConfid(context.db, confid);
  if (!conference) throw notFound();
  const chairs = await repo.listChairs(context.db, conference.id);
  const isAdmin = session.user.role === 'admin';
  if (!isAdmin && !chairs.some((chair) => chair.id === session.user.id)) {
    throw forbidden(conferenceRefusals.notChair);
  }
  return {
    chairs: chairs.map((chair) => ({
      user_id: chair.id,
      name: displayName(chair),
      email: chair.email ?? '',
    })),
  };
}

/**
 * POST /v1/web/conference/data/chair/remove/{confid}: the account stops chairing it. A chair may
 * remove themselves, and so lose the conference; the last chair stays (409), so a conference
 * always has someone besides the administrators to change it. The conference's row is locked
 * first (lockManaged), so two removals at once cannot leave it without a chair.
 */
export async function removeConferenceChair(
  context: AppContext,
  session: SessionUser,
  confid: string,
  userId: number,
) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'conference');
    const chairs = await repo.listChairs(tx, conference.id);
    if (!chairs.some((chair) => chair.id === userId)) {
      throw new HttpError(404, { message: conferenceRefusals.notAChair });
    }
    if (chairs.length === 1) throw conflict({}, conferenceRefusals.lastChair);
    await repo.removeChair(tx, conference.id, userId);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.remove-chair',
      entity: 'conference',
      entityId: conference.id,
      before: { chairUserId: userId },
    });
    return reply(tx, conference, 'UPDATED');
  });
}

function ruleColumns(form: ConflictRuleSave) {
  const checksStartOnly = form.start_date_check && !form.end_date_check;
  return {
    title: form.rule_title,
    relationTypeId: form.relation_type_id,
    checkedDate: checksStartOnly ? ('start' as const) : ('end' as const),
    isReadonly: form.readonly_field,
    operation: form.operation_txt,
    // ALWAYS has no window; WITHIN_X_MONTHS counts months only.
    numberOfYears: form.operation_txt === 'WITHIN_X_YEARS' ? form.number_of_year : null,
    numberOfMonths: form.operation_txt === 'ALWAYS' ? null : form.number_of_month,
  };
}

/** A rule id made from its title: 'Co-authored within 3 years' → 'co-authored-within-3-years'. */
export function ruleValueFromTitle(title: string, taken: ReadonlySet<string>): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'rule';
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}

/** POST /v1/web/conference/data/rule/save/{confid}: a new rule, last in the conference's order. */
export async function createRule(
  context: AppContext,
  session: SessionUser,
  confid: string,
  form: ConflictRuleSave,
) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'rules');
    const existing = await repo.listRules(tx, [conference.id]);
    if (existing.length >= maxRulesPerConference) {
      throw validationFailed({ form: [conferenceMessages.tooManyRules] });
    }
    const taken = new Set(existing.map((rule) => rule.value));
    if (form.value !== undefined && taken.has(form.value)) {
      throw conflict({ value: [conferenceMessages.valueTaken] });
    }
    const rule = await repo.insertRule(tx, {
      conferenceId: conference.id,
      value: form.value ?? ruleValueFromTitle(form.rule_title, taken),
      sortOrder: await repo.nextRuleOrder(tx, conference.id),
      ...ruleColumns(form),
    });
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.rule-create',
      entity: 'conference',
      entityId: conference.id,
      after: repo.toConflictRule(rule),
    });
    return reply(tx, conference, 'CREATED');
  });
}

async function findRuleOrFail(db: Db, conference: Conference, value: string) {
  const rules = await repo.listRules(db, [conference.id]);
  const rule = rules.find((row) => row.value === value);
  if (!rule) throw notFound();
  return rule;
}

/** POST /v1/web/conference/data/rule/update/{confid}/{value}: everything but its id. */
export async function editRule(
  context: AppContext,
  session: SessionUser,
  confid: string,
  value: string,
  form: ConflictRuleSave,
) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'rules');
    const before = await findRuleOrFail(tx, conference, value);
    if (form.value !== undefined && form.value !== before.value) {
      throw validationFailed({
        value: ["A rule's id cannot change: lists and exports refer to it."],
      });
    }
    const after = await repo.updateRule(tx, before.id, ruleColumns(form));
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.rule-update',
      entity: 'conference',
      entityId: conference.id,
      before: repo.toConflictRule(before),
      after: repo.toConflictRule(after),
    });
    return reply(tx, conference, 'UPDATED');
  });
}

/** POST /v1/web/conference/data/rule/delete/{confid}/{value}. */
export async function removeRule(
  context: AppContext,
  session: SessionUser,
  confid: string,
  value: string,
) {
  return context.db.transaction(async (tx) => {
    const conference = await lockManaged(tx, session, confid, 'rules');
    const rule = await findRuleOrFail(tx, conference, value);
    await repo.deleteRule(tx, rule.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: 'conference.rule-delete',
      entity: 'conference',
      entityId: conference.id,
      before: repo.toConflictRule(rule),
    });
    return reply(tx, conference, 'UPDATED');
  });
}
