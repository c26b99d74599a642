// Every call of the OpenAPI document the app serves, with a valid request for each person who
// may try it, against realistic fixtures: one row per call and variant, saying what a guest,
// another user, the owner, the chair of another conference and an administrator each get.
// Shared by the authorization suite (server/src/http/authorization.int.test.ts), which checks
// those answers, and the hostile-input walk (server/src/http/hostile-input.int.test.ts), which
// starts from these requests and spoils one field at a time. See docs/security.md, "Suite
// figures".
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ConferenceReply } from '@recuse/common';
import { dblpUrlForPid, institutionStatus } from '@recuse/common';
import {
  committeeMembers,
  conferenceChairs,
  conferenceRules,
  conferences,
  conflictAuditRuns,
  conflictDecisions,
  jobs,
  relationComments,
  users,
} from '../src/db/schema.ts';
import { dblpCrawlPersonJob } from '../src/jobs/job-kinds.ts';
import type { User } from '../src/db/schema.ts';
import { insertToken } from '../src/modules/auth/auth.repo.ts';
import { generateSecret, hashSecret } from '../src/modules/auth/secrets.ts';
import {
  replaceCommittee,
  replaceSubmissions,
} from '../src/modules/chair-workspace/chair-workspace.repo.ts';
import { openDblpClaim } from '../src/modules/dblp-claims/dblp-claims.service.ts';
import type { TestApp } from './build-test-app.ts';
import type { Tokens } from './factories.ts';
import {
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildInvitation,
  buildNotification,
  buildRelation,
  buildUser,
  defaultPassword,
  signIn,
  signUpForm,
} from './factories.ts';
import { affiliationRow, profileForm } from './profile-requests.ts';
import type { Encoding, Fields } from './relation-requests.ts';
import {
  coauthorDetails,
  get,
  pendingEmploymentForm,
  personForm,
  post,
  publicationForm,
} from './relation-requests.ts';

/** One request of a row, as data: the walk changes its fields before sending it. */
export interface CallRequest {
  method: 'GET' | 'POST';
  /** The path with its values filled in, and the query string if any. */
  url: string;
  session: Tokens | null;
  /** The body's fields (POST only), sent in the given encoding (a form unless told). */
  fields?: Fields | Record<string, unknown>;
  encoding?: Encoding;
}

const getCall = (url: string, session: Tokens | null): CallRequest => ({
  method: 'GET',
  url,
  session,
});
const postCall = (
  url: string,
  session: Tokens | null,
  fields: Fields | Record<string, unknown>,
  encoding: Encoding = 'form',
): CallRequest => ({ method: 'POST', url, session, fields, encoding });

/** Sends a row's request as it is. */
export const sendCall = (app: TestApp, request: CallRequest): Promise<LightMyRequestResponse> =>
  request.method === 'GET'
    ? get(app, request.url, request.session)
    : post(app, request.url, request.session, request.fields ?? {}, request.encoding);

/** The settings the table's app needs: ORCID sign-in offered, pointing nowhere. */
export const callTableEnv = (suite: string): Record<string, string> => ({
  ORCID_CLIENT_ID: `APP-${suite}`,
  ORCID_CLIENT_SECRET: 'not-a-real-secret',
  ORCID_BASE_URL: orcidBaseUrl,
});

export type Actor = 'guest' | 'other' | 'owner' | 'chair' | 'admin';
export const actors: readonly Actor[] = ['guest', 'other', 'owner', 'chair', 'admin'];

/** 'ok' is the call's success; a number is the refusal (or the rule's answer) expected. */
export type Answer = 'ok' | 401 | 403 | 404 | 409 | 422;
export type Expectations = Record<Actor, Answer>;

const everyone = (answer: Answer): Expectations => ({
  guest: answer,
  other: answer,
  owner: answer,
  chair: answer,
  admin: answer,
});
/** Anyone signed in; each gets their own data. */
const signedIn: Expectations = { ...everyone('ok'), guest: 401 };
/** Seen by its owner and administrators; anyone else is told it does not exist. */
const ownerAndAdministrators: Expectations = {
  ...everyone(404),
  guest: 401,
  owner: 'ok',
  admin: 'ok',
};
/** The owner's alone: administrators are told it does not exist too. */
const ownerOnly: Expectations = { ...everyone(404), guest: 401, owner: 'ok' };
/** The owner acts; an administrator sees it but may not (product.md, "Roles and permissions"). */
const ownerActs: Expectations = { ...ownerOnly, admin: 403 };
const administratorsOnly: Expectations = { ...everyone(403), guest: 401, admin: 'ok' };
const chairsAndAdministrators: Expectations = { ...administratorsOnly, owner: 'ok' };

/** Planted in the owner's private data: no answer to anyone else may contain it. */
export const privateMark = 'zz-private';
/** Planted in a message to the administrators: only they may read it (not even the owner). */
export const adminOnlyMark = 'zz-admin-only';

export interface Case<W> {
  actor: Actor;
  /** The acting user (null for the guest). */
  user: User | null;
  session: Tokens | null;
  world: W;
}

export interface Row<W> {
  /** The method and path as the OpenAPI document writes them. */
  call: string;
  variant?: string;
  expect: Expectations;
  /**
   * What one case needs beyond the shared fixtures, made afresh for each actor; its `secrets`,
   * if any, are strings of it that only the owner may see.
   */
  build?(actor: Actor): Promise<W>;
  /** Who fills the owner's place, when not the owner of the shared fixtures. */
  owner?(world: W): User;
  request(c: Case<W>): CallRequest | Promise<CallRequest>;
  /** The success status, when not 200. */
  okStatus?: number;
  /** A further check of a successful answer. */
  isRightAnswer?(response: LightMyRequestResponse): boolean;
  /** Nobody's call changes anything: a read, or a link nobody was sent. */
  readOnly?: boolean;
  /** Administrators see the owner's private data here (docs/security.md: they see everything). */
  adminSees?: boolean;
  /** Run after the case is checked, to take away what would disturb later rows. */
  cleanUp?(world: W): Promise<void>;
}

const row = <W = undefined>(spec: Row<W>) => spec as unknown as Row<unknown>;

let t: TestApp;
const sessions = new Map<number, Tokens>();
let sequence = 0;
const next = () => (sequence += 1);

export interface Fixtures {
  people: Record<'owner' | 'party' | 'other' | 'chair' | 'admin' | 'visitor', User>;
  ownerPid: string;
  approvedInstitutionId: number;
  proposedInstitutionId: number;
  relations: { confirmed: number; pending: number; deleted: number; application: number };
  conferences: { owned: number; chairs: number; defaultId: number };
  rules: { owned: string; editable: string; chairs: string };
}
let f: Fixtures;

export async function sessionFor(user: User): Promise<Tokens> {
  let session = sessions.get(user.id);
  if (!session) {
    session = await signIn(t.app, user.email!);
    sessions.set(user.id, session);
  }
  return session;
}

/** The user each actor is in the shared fixtures (the owner: the relations' creator). */
export const userOf = (actor: Actor): User | null => (actor === 'guest' ? null : f.people[actor]);

const ruleForm = (title: string, value?: string) => ({
  rule_title: title,
  relation_type_id: 3,
  operation_txt: 'ALWAYS',
  ...(value ? { value } : {}),
});

async function createConference(session: Tokens, name: string) {
  const response = await post(
    t,
    '/v1/web/conference/data/save',
    session,
    { name, label: `Conference ${name}`, reference_date: '' },
    'json',
  );
  if (response.statusCode !== 200) throw new Error(`conference: ${response.body}`);
  return response.json<ConferenceReply>().conference.confid;
}

async function createRule(session: Tokens, confid: number | string, title: string, value?: string) {
  const url = `/v1/web/conference/data/rule/save/${confid}`;
  const response = await post(t, url, session, ruleForm(title, value), 'json');
  if (response.statusCode !== 200) throw new Error(`rule: ${response.body}`);
}

const removeDefaultRule = async (value: string) => {
  await t.db
    .delete(conferenceRules)
    .where(
      and(
        eq(conferenceRules.conferenceId, f.conferences.defaultId),
        eq(conferenceRules.value, value),
      ),
    );
};

/** A link of the given kind for a new account, as the app would mail it. */
async function mailedLink(
  kind: 'email_confirmation' | 'email_change_undo' | 'password_reset',
  user: User,
  email: string,
) {
  const secret = generateSecret();
  await insertToken(t.db, {
    userId: user.id,
    kind,
    tokenHash: hashSecret(secret),
    email,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return secret;
}

/** A relation of the owner for one case, naming the party (types 1 to 7) with that status. */
async function caseRelation(type: number, partyStatus = 3) {
  const number = next();
  const notes = `Case notes ${number} kept between the people on it`;
  const title = `Case paper ${number} on private matters`;
  const isInstitution = type === 8;
  const built = await buildRelation(t.db, {
    type,
    creator: f.people.owner,
    parties: isInstitution ? [] : [{ user: f.people.party, status: partyStatus }],
    title,
    institutionId: isInstitution ? f.approvedInstitutionId : undefined,
    overrides: { notes },
  });
  return {
    id: built.relation.id,
    partyRowId: built.parties[0]?.id,
    secrets: built.relation.title ? [notes, title] : [notes],
  };
}
type CaseRelation = Awaited<ReturnType<typeof caseRelation>>;

/** An institution the owner proposed, for one case: named plainly, as approving makes it public. */
async function ownersProposal() {
  const name = `Proposed Institute ${next()}`;
  const institution = await buildInstitution(t.db, {
    name,
    status: institutionStatus.awaitingApproval,
    createdByUserId: f.people.owner.id,
  });
  return { id: institution.id, secrets: [name] };
}
type OwnersProposal = Awaited<ReturnType<typeof ownersProposal>>;

/** A profile form that saves the user's profile as it is. */
const ownProfileForm = (user: User, overrides: Record<string, string> = {}) =>
  profileForm(
    user,
    [
      affiliationRow(
        user.id === f.people.owner.id ? f.proposedInstitutionId : f.approvedInstitutionId,
      ),
    ],
    { dblp_url: user.dblpPid ? dblpUrlForPid(user.dblpPid) : '', ...overrides },
  );

const listForm = (selection: Fields = {}) => ({
  conflictRules: '[]',
  conflictRulesPendingEmp: '[]',
  conflictInstiRules: '[]',
  pageName: 'all',
  filterBy: 'type',
  ...selection,
});
const ownedConferenceRules = (): Fields => ({
  confid: f.conferences.owned,
  conflictRules: JSON.stringify([f.rules.owned]),
});

const unknownSecret = 'a-link-nobody-was-sent-0123456789abcdef';
export const unknownId = 2_000_000_000;
/** A port nothing listens on (discard). */
const orcidBaseUrl = 'http://127.0.0.1:9';
const email = (what: string) => `${what}-${next()}@example.org`;
const redirectsTo = (location: string) => (response: LightMyRequestResponse) =>
  response.headers.location === location;

/** Crawl jobs a row queued, so the next row starts from the same queue. */
const removeCrawlJobs = async () => {
  await t.db.delete(jobs).where(eq(jobs.kind, dblpCrawlPersonJob));
};

/** A read of one's own data (a GET, or a POST of the given body): anyone signed in. */
const ownRead = (call: string, options: { variant?: string; body?: () => Fields } = {}) =>
  row({
    call,
    variant: options.variant,
    expect: signedIn,
    readOnly: true,
    request: (c) => {
      const [method, path] = call.split(' ') as [string, string];
      return method === 'GET'
        ? getCall(path, c.session)
        : postCall(path, c.session, options.body?.() ?? {});
    },
  });

export const rows: Array<Row<unknown>> = [
  // Accounts and sessions: no token needed; what the request proves decides.
  row({
    call: 'GET /healthz',
    expect: everyone('ok'),
    readOnly: true,
    request: (c) => getCall('/healthz', c.session),
  }),
  row({
    call: 'POST /v1/user/login',
    expect: everyone('ok'),
    request: (c) =>
      postCall('/v1/user/login', c.session, {
        action: 'login',
        api_key: 'recuse-web',
        username: (c.user ?? f.people.visitor).email!,
        password: defaultPassword,
      }),
  }),
  row<Tokens>({
    call: 'POST /v1/user/refresh',
    expect: everyone('ok'),
    // A sign-in of its own: refreshing rotates the tokens.
    build: (actor) => signIn(t.app, (userOf(actor) ?? f.people.visitor).email!),
    request: (c) =>
      postCall('/v1/user/refresh', c.session, {
        action: 'refresh',
        api_key: 'recuse-web',
        refresh_token: c.world.refresh_token,
      }),
  }),
  row<Tokens | null>({
    call: 'GET /v1/user/logout',
    expect: signedIn,
    // A sign-in of its own, so the shared session stays.
    build: async (actor) => {
      const user = userOf(actor);
      return user ? signIn(t.app, user.email!) : null;
    },
    request: (c) => getCall('/v1/user/logout', c.world),
  }),
  row({
    call: 'POST /v1/web/user-registration/save',
    expect: everyone('ok'),
    request: (c) =>
      postCall('/v1/web/user-registration/save', c.session, signUpForm(email('signup'))),
  }),
  row({
    call: 'POST /v1/web/user-registration/save',
    variant: "the owner's e-mail",
    expect: everyone(409),
    request: (c) =>
      postCall('/v1/web/user-registration/save', c.session, signUpForm(f.people.owner.email!)),
  }),
  row<string>({
    call: 'GET /v1/web/user/confirm-email/{token}',
    expect: everyone('ok'),
    okStatus: 302,
    isRightAnswer: redirectsTo('/sign-in?confirmed=1'),
    build: async () => {
      const pendingEmail = email('pending');
      const user = await buildUser(t.db, { pendingEmail });
      return mailedLink('email_confirmation', user, pendingEmail);
    },
    request: (c) => getCall(`/v1/web/user/confirm-email/${c.world}`, c.session),
  }),
  row({
    call: 'GET /v1/web/user/confirm-email/{token}',
    variant: 'a link nobody was sent',
    expect: everyone('ok'),
    okStatus: 302,
    isRightAnswer: redirectsTo('/sign-in?confirmed=0'),
    readOnly: true,
    request: (c) => getCall(`/v1/web/user/confirm-email/${unknownSecret}`, c.session),
  }),
  row<string>({
    call: 'GET /v1/web/user/email-undo/{token}',
    expect: everyone('ok'),
    okStatus: 302,
    isRightAnswer: redirectsTo('/sign-in?restored=1'),
    build: async () => {
      const user = await buildUser(t.db, { email: email('changed') });
      return mailedLink('email_change_undo', user, email('earlier'));
    },
    request: (c) => getCall(`/v1/web/user/email-undo/${c.world}`, c.session),
  }),
  row({
    call: 'GET /v1/web/user/email-undo/{token}',
    variant: 'a link nobody was sent',
    expect: everyone('ok'),
    okStatus: 302,
    isRightAnswer: redirectsTo('/sign-in?restored=0'),
    readOnly: true,
    request: (c) => getCall(`/v1/web/user/email-undo/${unknownSecret}`, c.session),
  }),
  row({
    call: 'POST /v1/web/user/confirmation/resend',
    // Open to anyone and the same answer for every address (docs/security.md section 5).
    variant: "for the owner's e-mail",
    expect: everyone('ok'),
    request: (c) =>
      postCall('/v1/web/user/confirmation/resend', c.session, { email: f.people.owner.email! }),
  }),
  row({
    call: 'POST /v1/web/user/password/request',
    variant: "for the owner's e-mail",
    expect: everyone('ok'),
    request: (c) =>
      postCall('/v1/web/user/password/request', c.session, { email: f.people.owner.email! }),
  }),
  row<string>({
    call: 'GET /v1/web/user/password/find/{token}',
    expect: everyone('ok'),
    readOnly: true,
    build: async () => {
      const user = await buildUser(t.db);
      return mailedLink('password_reset', user, user.email!);
    },
    request: (c) => getCall(`/v1/web/user/password/find/${c.world}`, c.session),
  }),
  row({
    call: 'GET /v1/web/user/password/find/{token}',
    variant: 'a link nobody was sent',
    expect: everyone(404),
    request: (c) => getCall(`/v1/web/user/password/find/${unknownSecret}`, c.session),
  }),
  row<{ token: string; email: string }>({
    call: 'POST /v1/web/user/password/reset',
    expect: everyone('ok'),
    build: async () => {
      const user = await buildUser(t.db);
      return { token: await mailedLink('password_reset', user, user.email!), email: user.email! };
    },
    request: (c) =>
      postCall('/v1/web/user/password/reset', c.session, {
        email: c.world.email,
        token: c.world.token,
        password: defaultPassword,
        password_confirmation: defaultPassword,
        optedIn: '1',
      }),
  }),
  row({
    call: 'POST /v1/web/user/password/reset',
    variant: "the owner's e-mail with a link nobody was sent",
    expect: everyone(404),
    request: (c) =>
      postCall('/v1/web/user/password/reset', c.session, {
        email: f.people.owner.email!,
        token: unknownSecret,
        password: defaultPassword,
        password_confirmation: defaultPassword,
        optedIn: '1',
      }),
  }),
  row<string>({
    call: 'POST /v1/web/user/password/reset',
    variant: "someone's own link with the owner's e-mail",
    expect: everyone(404),
    build: async () => {
      const user = await buildUser(t.db);
      return mailedLink('password_reset', user, user.email!);
    },
    request: (c) =>
      postCall('/v1/web/user/password/reset', c.session, {
        email: f.people.owner.email!,
        token: c.world,
        password: defaultPassword,
        password_confirmation: defaultPassword,
        optedIn: '1',
      }),
  }),
  row({
    call: 'POST /v1/web/user/loggedin-password-reset',
    // The shared session itself, whose sign-in the change keeps (it ends the others).
    expect: signedIn,
    request: (c) =>
      postCall('/v1/web/user/loggedin-password-reset', c.session, {
        email: (c.user ?? f.people.visitor).email!,
        password: defaultPassword,
        confirmPassword: defaultPassword,
      }),
  }),
  row({
    call: 'POST /v1/web/user/loggedin-password-reset',
    variant: "naming the owner's e-mail",
    expect: { ...everyone(422), guest: 401, owner: 'ok' },
    request: (c) =>
      postCall('/v1/web/user/loggedin-password-reset', c.session, {
        email: f.people.owner.email!,
        password: defaultPassword,
        confirmPassword: defaultPassword,
      }),
  }),
  row<string>({
    call: 'GET /v1/web/user/data/validate_token_for_request_response/{token}',
    expect: everyone('ok'),
    readOnly: true,
    build: () => buildInvitation(t.db, email('invited')),
    request: (c) =>
      getCall(`/v1/web/user/data/validate_token_for_request_response/${c.world}`, c.session),
  }),
  row({
    call: 'GET /v1/web/user/data/validate_token_for_request_response/{token}',
    variant: 'a link nobody was sent',
    expect: everyone(404),
    request: (c) =>
      getCall(`/v1/web/user/data/validate_token_for_request_response/${unknownSecret}`, c.session),
  }),

  // The profile: one's own, whoever asks.
  ownRead('GET /v1/web/user/profile'),
  ownRead('POST /v1/web/user/fullprofile'),
  row({
    call: 'POST /v1/web/user/data/save',
    expect: signedIn,
    request: (c) =>
      postCall('/v1/web/user/data/save', c.session, ownProfileForm(c.user ?? f.people.visitor)),
  }),
  row({
    call: 'POST /v1/web/user/data/save',
    variant: "taking the owner's e-mail",
    expect: { ...everyone(409), guest: 401, owner: 'ok' },
    request: (c) =>
      postCall(
        '/v1/web/user/data/save',
        c.session,
        ownProfileForm(c.user ?? f.people.visitor, { Email: f.people.owner.email! }),
      ),
  }),
  row({
    call: 'POST /v1/web/user/data/save',
    variant: "taking the owner's e-mail as a second address",
    expect: { ...everyone(409), guest: 401, owner: 422 },
    request: (c) =>
      postCall(
        '/v1/web/user/data/save',
        c.session,
        ownProfileForm(c.user ?? f.people.visitor, { secEmail: f.people.owner.email! }),
      ),
  }),
  row<string>({
    call: 'POST /v1/web/user/linkaccount',
    expect: signedIn,
    build: async () => dblpUrlForPid((await buildDblpPerson(t.db)).dblpPid!),
    request: (c) => postCall('/v1/web/user/linkaccount', c.session, { DBLPUrl: c.world }),
  }),
  row({
    call: 'POST /v1/web/user/linkaccount',
    // Only a claim an administrator decides (docs/dblp.md, "Claims"); the owner has it already.
    variant: "the owner's DBLP profile",
    expect: { ...signedIn, owner: 422 },
    request: (c) =>
      postCall('/v1/web/user/linkaccount', c.session, { DBLPUrl: dblpUrlForPid(f.ownerPid) }),
  }),
  row({
    call: 'POST /v1/web/dismiss_help_notification',
    expect: signedIn,
    request: (c) => postCall('/v1/web/dismiss_help_notification', c.session, {}),
  }),
  row<{ id: number; secrets: string[] }>({
    call: 'POST /v1/web/mark_notification_read',
    variant: "the owner's notification",
    expect: ownerOnly,
    build: async () => {
      const message = `${privateMark}: a notice for the owner alone ${next()}`;
      const notification = await buildNotification(t.db, f.people.owner.id, { message });
      return { id: notification.id, secrets: [message] };
    },
    request: (c) =>
      postCall('/v1/web/mark_notification_read', c.session, { NotificationId: c.world.id }),
  }),

  row({
    call: 'POST /v1/web/mark_all_notifications_read',
    expect: signedIn,
    request: (c) => postCall('/v1/web/mark_all_notifications_read', c.session, {}),
  }),

  // Institutions.
  ownRead('GET /v1/web/institution/data/list/InstitutionDrplist'),
  ownRead('GET /v1/web/institution/data/InstitutionConflictOption'),
  row<OwnersProposal>({
    call: 'GET /v1/web/institution/search',
    variant: "a search for the owner's proposal",
    expect: signedIn,
    readOnly: true,
    build: ownersProposal,
    request: (c) =>
      getCall(`/v1/web/institution/search?q=${encodeURIComponent(c.world.secrets[0]!)}`, c.session),
  }),
  row<OwnersProposal>({
    call: 'POST /v1/web/admin/institutions/approve',
    variant: "the owner's proposal, with an application waiting for it",
    expect: administratorsOnly,
    build: async () => {
      const proposal = await ownersProposal();
      await buildRelation(t.db, { type: 8, creator: f.people.owner, institutionId: proposal.id });
      return proposal;
    },
    request: (c) =>
      postCall('/v1/web/admin/institutions/approve', c.session, { institutionId: c.world.id }),
  }),
  row({
    call: 'POST /v1/web/admin/institutions/approve',
    variant: 'an institution that does not exist',
    expect: { ...administratorsOnly, admin: 404 },
    request: (c) =>
      postCall('/v1/web/admin/institutions/approve', c.session, { institutionId: unknownId }),
  }),

  row({
    call: 'GET /v1/web/admin/institutions/queue',
    variant: "the owner's proposal waits in it",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/institutions/queue', c.session),
  }),
  row({
    call: 'GET /v1/web/admin/institutions',
    variant: "a search for the owner's proposal",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/institutions?q=not%20yet%20approved', c.session),
  }),
  row<OwnersProposal & { targetId: number }>({
    call: 'POST /v1/web/admin/institutions/merge',
    variant: "the owner's proposal into an approved institution",
    adminSees: true,
    expect: administratorsOnly,
    build: async () => ({
      ...(await ownersProposal()),
      targetId: (await buildInstitution(t.db)).id,
    }),
    request: (c) =>
      postCall('/v1/web/admin/institutions/merge', c.session, {
        institutionId: c.world.id,
        targetId: c.world.targetId,
      }),
  }),
  row<OwnersProposal>({
    call: 'POST /v1/web/admin/institutions/reject',
    variant: "the owner's proposal",
    adminSees: true,
    expect: administratorsOnly,
    build: ownersProposal,
    request: (c) =>
      postCall('/v1/web/admin/institutions/reject', c.session, {
        institutionId: c.world.id,
        reason: 'Not an institution.',
      }),
  }),
  row<OwnersProposal>({
    call: 'POST /v1/web/admin/institutions/update',
    variant: "the owner's proposal",
    adminSees: true,
    expect: administratorsOnly,
    build: ownersProposal,
    request: (c) =>
      postCall('/v1/web/admin/institutions/update', c.session, {
        institutionId: c.world.id,
        name: `Renamed Institute ${next()}`,
        country: 'Norway',
      }),
  }),
  ...(['merge', 'reject', 'update'] as const).map((action) =>
    row({
      call: `POST /v1/web/admin/institutions/${action}`,
      variant: 'an institution that does not exist',
      expect: { ...administratorsOnly, admin: 404 },
      request: (c) =>
        postCall(`/v1/web/admin/institutions/${action}`, c.session, {
          institutionId: unknownId,
          targetId: f.approvedInstitutionId,
          reason: 'Not an institution.',
          name: 'Renamed',
        }),
    }),
  ),

  // DBLP claims: administrators decide; the holder of the claimed profile may dispute.
  row({
    call: 'GET /v1/web/admin/dblp-claims',
    variant: 'the owner holds a claimed profile',
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/dblp-claims', c.session),
  }),
  ...(['confirm', 'reject'] as const).flatMap((decision) => [
    row<{ claimId: number; claimant: User }>({
      call: `POST /v1/web/admin/dblp-claims/${decision}`,
      variant: "the owner's claim",
      expect: administratorsOnly,
      build: async () => {
        const claimant = await buildUser(t.db, { email: `${privateMark}-${email('claimant')}` });
        const person = await buildDblpPerson(t.db);
        const claim = await openDblpClaim(t.db, claimant.id, person.dblpPid!);
        return { claimId: claim.id, claimant };
      },
      owner: (world) => world.claimant,
      request: (c) =>
        postCall(`/v1/web/admin/dblp-claims/${decision}`, c.session, {
          claimId: c.world.claimId,
          reason: 'Not shown to be theirs.',
        }),
    }),
    row({
      call: `POST /v1/web/admin/dblp-claims/${decision}`,
      variant: 'a claim that does not exist',
      expect: { ...administratorsOnly, admin: 404 },
      request: (c) =>
        postCall(`/v1/web/admin/dblp-claims/${decision}`, c.session, {
          claimId: unknownId,
          reason: 'Not shown to be theirs.',
        }),
    }),
  ]),
  // DBLP operations: the administrators' page and "Crawl now"; each account's own status and
  // "Refresh now" (docs/dblp.md, "Following DBLP operations").
  row({
    call: 'GET /v1/web/admin/dblp',
    variant: "the owner's DBLP profile is held",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/dblp', c.session),
  }),
  row({
    call: 'GET /v1/web/admin/dblp/people',
    variant: 'the owner, found by pid',
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) =>
      getCall(`/v1/web/admin/dblp/people?q=${encodeURIComponent(f.ownerPid)}`, c.session),
    isRightAnswer: (response) =>
      response.json<{ people: Array<{ pid: string }> }>().people[0]?.pid === f.ownerPid,
  }),
  row({
    call: 'POST /v1/web/admin/dblp/crawl',
    variant: "the owner's DBLP profile",
    expect: administratorsOnly,
    request: (c) => postCall('/v1/web/admin/dblp/crawl', c.session, { userId: f.people.owner.id }),
    cleanUp: removeCrawlJobs,
  }),
  row({
    call: 'POST /v1/web/admin/dblp/crawl',
    variant: 'a person who does not exist',
    expect: { ...administratorsOnly, admin: 404 },
    request: (c) => postCall('/v1/web/admin/dblp/crawl', c.session, { userId: unknownId }),
  }),
  ownRead('GET /v1/web/user/dblp/status'),
  row({
    call: 'POST /v1/web/user/dblp/refresh',
    variant: 'only the owner holds a DBLP profile',
    // Everyone refreshes only their own; the others have no pid to refresh (409).
    expect: { ...everyone(409), guest: 401, owner: 'ok' },
    request: (c) => postCall('/v1/web/user/dblp/refresh', c.session, {}),
    cleanUp: removeCrawlJobs,
  }),
  // The requests inbox: administrators only.
  row({
    call: 'GET /v1/web/admin/requests',
    variant: "a message to the administrators on the owner's relation waits in it",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/requests', c.session),
  }),
  ...(['answer', 'close'] as const).flatMap((action) => [
    row<{ requestId: number }>({
      call: `POST /v1/web/admin/requests/${action}`,
      variant: "the owner's message to the administrators",
      expect: administratorsOnly,
      adminSees: true,
      build: async () => {
        const [request] = await t.db
          .insert(relationComments)
          .values({
            relationId: f.relations.confirmed,
            userId: f.people.owner.id,
            text: 'Please correct the year.',
            isToAdmin: true,
          })
          .returning();
        return { requestId: request!.id };
      },
      request: (c) =>
        postCall(`/v1/web/admin/requests/${action}`, c.session, {
          kind: 'relation',
          requestId: c.world.requestId,
          answer: 'Corrected.',
        }),
    }),
    row({
      call: `POST /v1/web/admin/requests/${action}`,
      variant: 'a request that does not exist',
      expect: { ...administratorsOnly, admin: 404 },
      request: (c) =>
        postCall(`/v1/web/admin/requests/${action}`, c.session, {
          kind: 'contact',
          requestId: unknownId,
          answer: 'Corrected.',
        }),
    }),
  ]),
  // Roles: administrators only.
  row({
    call: 'GET /v1/web/admin/roles',
    expect: administratorsOnly,
    readOnly: true,
    request: (c) => getCall('/v1/web/admin/roles', c.session),
  }),
  row({
    call: 'GET /v1/web/admin/accounts',
    variant: "a search for the owner's name",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/accounts?q=Olivia', c.session),
  }),
  ...(['grant', 'revoke'] as const).flatMap((change) => [
    row<User>({
      call: `POST /v1/web/admin/roles/${change}`,
      variant: change === 'grant' ? 'a member' : 'another administrator',
      expect: administratorsOnly,
      build: () => buildUser(t.db, { role: change === 'grant' ? 'user' : 'admin' }),
      request: (c) => postCall(`/v1/web/admin/roles/${change}`, c.session, { userId: c.world.id }),
      // The role goes back, so no later row meets an administrator it did not make.
      cleanUp: async (member) => {
        await t.db.update(users).set({ role: 'user' }).where(eq(users.id, member.id));
      },
    }),
    row({
      call: `POST /v1/web/admin/roles/${change}`,
      variant: 'an account that does not exist',
      expect: { ...administratorsOnly, admin: 404 },
      request: (c) => postCall(`/v1/web/admin/roles/${change}`, c.session, { userId: unknownId }),
    }),
  ]),
  // Relation decisions: administrators, and chairs of a conference whose committee includes one
  // of the relation's people (the owner and the other chair chair conferences, but their
  // committees name nobody on these relations; the owner is its creator besides).
  row({
    call: 'GET /v1/web/admin/relations',
    variant: "the newest relations, the owner's among them",
    expect: { ...administratorsOnly, owner: 'ok', chair: 'ok' },
    readOnly: true,
    adminSees: true,
    request: (c) => getCall('/v1/web/admin/relations?q=', c.session),
  }),
  row({
    call: 'GET /v1/web/admin/relations/{relationId}',
    variant: "the owner's relation",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall(`/v1/web/admin/relations/${f.relations.confirmed}`, c.session),
  }),
  ...(['validate', 'delete'] as const).flatMap((decision) => [
    row<CaseRelation>({
      call: `POST /v1/web/admin/relations/${decision}`,
      variant: "the owner's relation, disputed by the person on it",
      expect: administratorsOnly,
      adminSees: true,
      build: () => caseRelation(3, 4),
      request: (c) =>
        postCall(`/v1/web/admin/relations/${decision}`, c.session, {
          relationId: c.world.id,
          reason: 'Checked with both people.',
        }),
    }),
    row({
      call: `POST /v1/web/admin/relations/${decision}`,
      variant: 'a relation that does not exist',
      // Chairs pass the role check, then learn only that it does not exist.
      expect: { ...administratorsOnly, owner: 404, chair: 404, admin: 404 },
      request: (c) =>
        postCall(`/v1/web/admin/relations/${decision}`, c.session, {
          relationId: unknownId,
          reason: 'Checked with both people.',
        }),
    }),
  ]),
  // Accounts: administrators only.
  row({
    call: 'GET /v1/web/admin/users/{userId}',
    variant: "the owner's account",
    expect: administratorsOnly,
    readOnly: true,
    adminSees: true,
    request: (c) => getCall(`/v1/web/admin/users/${f.people.owner.id}`, c.session),
  }),
  row<User>({
    call: 'POST /v1/web/admin/users/unlock',
    variant: 'a locked account',
    expect: administratorsOnly,
    build: () =>
      buildUser(t.db, { failedLoginCount: 5, lockedUntil: new Date(Date.now() + 3_600_000) }),
    request: (c) => postCall('/v1/web/admin/users/unlock', c.session, { userId: c.world.id }),
  }),
  row<User>({
    call: 'POST /v1/web/admin/users/delete',
    variant: 'a member',
    expect: administratorsOnly,
    build: () => buildUser(t.db),
    request: (c) =>
      postCall('/v1/web/admin/users/delete', c.session, {
        userId: c.world.id,
        reason: 'Asked to leave.',
      }),
  }),
  ...(['unlock', 'delete'] as const).map((action) =>
    row({
      call: `POST /v1/web/admin/users/${action}`,
      variant: 'an account that does not exist',
      expect: { ...administratorsOnly, admin: 404 },
      request: (c) =>
        postCall(`/v1/web/admin/users/${action}`, c.session, {
          userId: unknownId,
          reason: 'Asked to leave.',
        }),
    }),
  ),
  ownRead('GET /v1/web/user/dblp-claims'),
  row<number>({
    call: 'POST /v1/web/user/dblp-claims/dispute',
    variant: "a claim of the owner's profile",
    expect: ownerOnly,
    build: async () => {
      const claimant = await buildUser(t.db, { email: `${privateMark}-${email('claimant')}` });
      return (await openDblpClaim(t.db, claimant.id, f.ownerPid)).id;
    },
    request: (c) =>
      postCall('/v1/web/user/dblp-claims/dispute', c.session, {
        claimId: c.world,
        reason: 'This profile is mine.',
      }),
  }),

  row<User>({
    call: 'POST /v1/web/user/dblp-claims/orcid/start',
    variant: "the owner's provisional claim",
    // Each proves only their own claim; the others have none to prove (409).
    expect: { ...everyone(409), guest: 401, owner: 'ok' },
    build: async () => {
      const claimant = await buildUser(t.db, { email: `${privateMark}-${email('orcid')}` });
      await openDblpClaim(t.db, claimant.id, (await buildDblpPerson(t.db)).dblpPid!);
      return claimant;
    },
    owner: (claimant) => claimant,
    request: (c) => postCall('/v1/web/user/dblp-claims/orcid/start', c.session, {}),
    isRightAnswer: (response) =>
      response.json<{ url: string }>().url.startsWith(`${orcidBaseUrl}/oauth/authorize?`),
  }),
  row<{ state: string; claimant: User }>({
    call: 'POST /v1/web/user/dblp-claims/orcid/finish',
    variant: "the owner's ORCID sign-in, their claim disputed since",
    // The state is the owner's alone (anyone else: 404), and a disputed claim is an
    // administrator's to decide (409): ORCID is never asked.
    expect: { ...everyone(404), guest: 401, owner: 409 },
    build: async () => {
      const claimant = await buildUser(t.db, { email: `${privateMark}-${email('orcid')}` });
      const pid = (await buildDblpPerson(t.db)).dblpPid!;
      await openDblpClaim(t.db, claimant.id, pid);
      const started = await post(
        t,
        '/v1/web/user/dblp-claims/orcid/start',
        await sessionFor(claimant),
        {},
      );
      if (started.statusCode !== 200) throw new Error(`ORCID start: ${started.body}`);
      const state = new URL(started.json<{ url: string }>().url).searchParams.get('state')!;
      await openDblpClaim(t.db, (await buildUser(t.db)).id, pid);
      return { state, claimant };
    },
    owner: (world) => world.claimant,
    request: (c) =>
      postCall('/v1/web/user/dblp-claims/orcid/finish', c.session, {
        code: 'a-code-from-orcid',
        state: c.world.state,
      }),
  }),

  row({
    call: 'POST /v1/web/contactus',
    expect: signedIn,
    request: (c) =>
      postCall('/v1/web/contactus', c.session, {
        Subject: 'A question',
        Message: 'How do I add an award?',
      }),
  }),

  // Relations (product.md, "Roles and permissions").
  ownRead('GET /v1/web/relation/data/addnew'),
  ...(
    [
      ['a confirmed relation', () => f.relations.confirmed, ownerAndAdministrators],
      ['a pending relation', () => f.relations.pending, ownerAndAdministrators],
      [
        'a deleted relation',
        () => f.relations.deleted,
        { ...everyone(404), guest: 401, admin: 'ok' },
      ],
    ] as const
  ).map(([variant, id, answers]) =>
    row({
      call: 'GET /v1/web/relation/data/view/{id}',
      variant,
      expect: answers,
      readOnly: true,
      adminSees: true,
      request: (c) => getCall(`/v1/web/relation/data/view/${id()}`, c.session),
    }),
  ),
  row({
    call: 'GET /v1/web/relation/data/view/{id}',
    variant: 'the owner is the person named on it',
    expect: ownerAndAdministrators,
    readOnly: true,
    adminSees: true,
    owner: () => f.people.party,
    request: (c) => getCall(`/v1/web/relation/data/view/${f.relations.confirmed}`, c.session),
  }),
  row({
    call: 'GET /v1/web/relation/data/pending_employment_view/{id}',
    variant: 'an application to an institution awaiting approval',
    expect: ownerAndAdministrators,
    readOnly: true,
    adminSees: true,
    request: (c) =>
      getCall(
        `/v1/web/relation/data/pending_employment_view/${f.relations.application}`,
        c.session,
      ),
  }),
  row({
    call: 'GET /v1/web/relation/data/pending_employment_view/{id}',
    variant: 'a co-authored publication',
    expect: ownerAndAdministrators,
    readOnly: true,
    adminSees: true,
    request: (c) =>
      getCall(`/v1/web/relation/data/pending_employment_view/${f.relations.confirmed}`, c.session),
  }),
  row({
    call: 'GET /v1/web/relation_modify_request_comments_list',
    // The owner sees the comments but not what the person named wrote to the administrators.
    expect: ownerAndAdministrators,
    readOnly: true,
    adminSees: true,
    request: (c) =>
      getCall(
        `/v1/web/relation_modify_request_comments_list?relationId=${f.relations.confirmed}&relationType=3`,
        c.session,
      ),
  }),
  row({
    call: 'POST /v1/web/relation/data/coauthor_save',
    variant: 'a new publication naming the party',
    expect: signedIn,
    request: (c) =>
      postCall(
        '/v1/web/relation/data/coauthor_save',
        c.session,
        publicationForm([f.people.party.id]),
        'multipart',
      ),
  }),
  row<CaseRelation>({
    call: 'POST /v1/web/relation/data/coauthor_save',
    variant: "changing the owner's publication",
    expect: ownerActs,
    build: () => caseRelation(3),
    request: (c) => {
      const fields = publicationForm([], {
        GID: c.world.id,
        coAuthorDetails: coauthorDetails([
          { id: f.people.party.id, relationId: c.world.partyRowId },
        ]),
        sourceUserUpdateComment: 'Changed the year.',
        dateEndYear: 2019,
      });
      return postCall('/v1/web/relation/data/coauthor_save', c.session, fields, 'multipart');
    },
  }),
  row<number>({
    call: 'POST /v1/web/relation/data/pending_employment_save',
    variant: 'a new application',
    expect: signedIn,
    build: async () => (await buildInstitution(t.db)).id,
    request: (c) =>
      postCall(
        '/v1/web/relation/data/pending_employment_save',
        c.session,
        pendingEmploymentForm(c.world),
        'multipart',
      ),
  }),
  row<CaseRelation>({
    call: 'POST /v1/web/relation/data/pending_employment_save',
    variant: "changing the owner's application",
    expect: ownerActs,
    build: () => caseRelation(8),
    request: (c) => {
      const fields = pendingEmploymentForm(f.approvedInstitutionId, {
        GID: c.world.id,
        sourceUserUpdateComment: 'A later date.',
        dateStartYear: 2026,
      });
      return postCall(
        '/v1/web/relation/data/pending_employment_save',
        c.session,
        fields,
        'multipart',
      );
    },
  }),
  row<OwnersProposal>({
    call: 'POST /v1/web/relation/data/pending_employment_save',
    // Another user's proposal answers as an unknown id (docs/security.md section 9).
    variant: "picking the owner's institution awaiting approval",
    expect: { ...everyone(422), guest: 401, owner: 'ok', admin: 'ok' },
    build: ownersProposal,
    request: (c) =>
      postCall(
        '/v1/web/relation/data/pending_employment_save',
        c.session,
        pendingEmploymentForm(c.world.id),
        'multipart',
      ),
  }),
  row<number>({
    call: 'POST /v1/web/relation/data/save',
    variant: 'a new collaboration',
    expect: signedIn,
    build: async () => (await buildUser(t.db)).id,
    request: (c) => postCall('/v1/web/relation/data/save', c.session, personForm(c.world)),
  }),
  row<CaseRelation>({
    call: 'POST /v1/web/relation/data/save',
    variant: "changing the owner's collaboration",
    expect: ownerActs,
    build: () => caseRelation(2),
    request: (c) => {
      const fields = personForm(f.people.party.id, {
        GID: c.world.id,
        sourceUserUpdateComment: 'Started earlier.',
        dateStartYear: 2018,
      });
      return postCall('/v1/web/relation/data/save', c.session, fields);
    },
  }),
  ...answerRows(),
  ...commentRows(),
  row<CaseRelation>({
    call: 'POST /v1/web/relation/data/delete',
    variant: "the owner's relation",
    expect: ownerAndAdministrators,
    build: () => caseRelation(3),
    request: (c) => postCall('/v1/web/relation/data/delete', c.session, { GID: c.world.id }),
  }),
  row<CaseRelation>({
    call: 'POST /v1/web/relation/data/delete',
    variant: 'by the person named on it',
    expect: { ...ownerAndAdministrators, owner: 403 },
    build: () => caseRelation(3),
    owner: () => f.people.party,
    request: (c) => postCall('/v1/web/relation/data/delete', c.session, { GID: c.world.id }),
  }),
  ownRead('POST /v1/web/relations/data/list', { body: () => listForm() }),
  ownRead('POST /v1/web/relations/data/list', {
    variant: "with the rules of the owner's conference",
    body: () => listForm(ownedConferenceRules()),
  }),
  ownRead('POST /v1/web/relations/data/conflicts_export', {
    variant: "with the rules of the owner's conference",
    body: () => ({ ...listForm(ownedConferenceRules()), format: 'json' }),
  }),
  ownRead('POST /v1/web/relations/data/conflicts/check', {
    variant: "the owner's committee, under the rules of the owner's conference",
    body: () => ({ ...listForm(ownedConferenceRules()), people: 'Paul Party' }),
  }),
  row({
    call: 'GET /v1/web/users/search',
    // A full address finds its person (docs/security.md section 5), never the address.
    variant: "the owner's e-mail typed in full",
    expect: signedIn,
    readOnly: true,
    request: (c) =>
      getCall(`/v1/web/users/search?q=${encodeURIComponent(f.people.owner.email!)}`, c.session),
  }),

  // Conferences (api-conflicts.md, "Conference management"): everyone sees them; chairs and
  // administrators change them; DEFAULT's rules are the administrators' alone.
  ownRead('GET /v1/web/conference/data/list/conferDrpList'),
  // Each caller's own: the conferences they chair (every one for an administrator).
  ownRead('GET /v1/web/conference/data/list/chaired'),
  row({
    call: 'POST /v1/web/conference/data/save',
    expect: signedIn,
    request: (c) =>
      postCall(
        '/v1/web/conference/data/save',
        c.session,
        { name: `AUTHZ-NEW-${next()}`, label: 'A new conference', reference_date: '' },
        'json',
      ),
  }),
  ...(
    [
      ["the owner's conference", () => f.conferences.owned, chairsAndAdministrators],
      ['DEFAULT', () => 'DEFAULT', { ...everyone(403), guest: 401 }],
      ['a conference that does not exist', () => unknownId, { ...everyone(404), guest: 401 }],
    ] as const
  ).map(([variant, confid, answers]) =>
    row({
      call: 'POST /v1/web/conference/data/update/{confid}',
      variant,
      expect: answers,
      request: (c) =>
        postCall(
          `/v1/web/conference/data/update/${confid()}`,
          c.session,
          { label: `Conference relabelled ${next()}`, reference_date: '2027-01-15' },
          'json',
        ),
    }),
  ),
  row<number>({
    call: 'POST /v1/web/conference/data/delete/{confid}',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    build: async () => createConference(await sessionFor(f.people.owner), `AUTHZ-GONE-${next()}`),
    request: (c) => postCall(`/v1/web/conference/data/delete/${c.world}`, c.session, {}),
  }),
  row({
    call: 'POST /v1/web/conference/data/delete/{confid}',
    variant: 'DEFAULT',
    expect: { ...everyone(403), guest: 401 },
    request: (c) => postCall('/v1/web/conference/data/delete/DEFAULT', c.session, {}),
  }),
  row<string>({
    call: 'POST /v1/web/conference/data/chair/add/{confid}',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    build: async () => (await buildUser(t.db, { email: email('new-chair') })).email!,
    request: (c) =>
      postCall(`/v1/web/conference/data/chair/add/${f.conferences.owned}`, c.session, {
        email: c.world,
      }),
  }),
  row({
    call: 'GET /v1/web/conference/data/chair/list/{confid}',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    readOnly: true,
    // The chairs' addresses, the owner's among them.
    adminSees: true,
    request: (c) => getCall(`/v1/web/conference/data/chair/list/${f.conferences.owned}`, c.session),
  }),
  // A second chair named for each case, so that removing them never removes the last one.
  row<User>({
    call: 'POST /v1/web/conference/data/chair/remove/{confid}',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    build: async () => {
      const chair = await buildUser(t.db, { email: email('removed-chair') });
      await t.db
        .insert(conferenceChairs)
        .values({ conferenceId: f.conferences.owned, userId: chair.id });
      return chair;
    },
    request: (c) =>
      postCall(`/v1/web/conference/data/chair/remove/${f.conferences.owned}`, c.session, {
        user_id: String(c.world.id),
      }),
  }),
  row({
    call: 'POST /v1/web/conference/data/rule/save/{confid}',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    request: (c) =>
      postCall(
        `/v1/web/conference/data/rule/save/${f.conferences.owned}`,
        c.session,
        ruleForm(`Co-authored, rule ${next()}`),
        'json',
      ),
  }),
  row<string>({
    call: 'POST /v1/web/conference/data/rule/save/{confid}',
    variant: 'DEFAULT',
    expect: { ...administratorsOnly },
    build: async () => `authz-default-${next()}`,
    request: (c) =>
      postCall(
        '/v1/web/conference/data/rule/save/DEFAULT',
        c.session,
        ruleForm('A rule for everyone', c.world),
        'json',
      ),
    cleanUp: removeDefaultRule,
  }),
  ...ruleRows('update'),
  ...ruleRows('delete'),
  ...chairWorkspaceRows(),
  // Checking one person against the owner's conference's submissions: a read.
  row({
    call: 'POST /v1/web/conference/{confid}/person-check',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    readOnly: true,
    request: (c) =>
      postCall(`/v1/web/conference/${f.conferences.owned}/person-check`, c.session, {
        given_name: 'Ada',
        family_name: 'Lovelace',
        email: 'ada@pc.example.org',
      }),
  }),
];

/**
 * The chair's workspace (api-conflicts.md, "The chair's workspace"): the conference's chairs
 * and administrators only; the chair of another conference is refused like anyone else.
 */
function chairWorkspaceRows(): Array<Row<unknown>> {
  const files = {
    committee:
      'given_name,family_name,email,affiliation\nAda,Lovelace,ada@pc.example.org,Owner U\n',
    submissions:
      'paper,title,given_name,family_name,email,affiliation\n1,A Paper,Grace,Hopper,grace@example.edu,U\n',
  };
  const reads = [
    'matrix',
    'export/hotcrp-assignments.csv',
    'export/collaborators.csv',
    'export/matrix.csv',
    'changes',
    'versions',
  ].map((what) =>
    row({
      call: `GET /v1/web/conference/{confid}/${what}`,
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      // Downloading HotCRP's file stores the version it exported (api-conflicts.md).
      readOnly: what !== 'export/hotcrp-assignments.csv',
      request: (c) => getCall(`/v1/web/conference/${f.conferences.owned}/${what}`, c.session),
    }),
  );
  const settings = row({
    call: 'POST /v1/web/conference/{confid}/settings',
    variant: "the owner's conference",
    expect: chairsAndAdministrators,
    request: (c) =>
      postCall(`/v1/web/conference/${f.conferences.owned}/settings`, c.session, {
        counts_submission_coauthors: 1,
      }),
  });
  /** The owner's conference with one member and one submission, and one decision on them. */
  const seatDecision = async () => {
    const confid = f.conferences.owned;
    await replaceCommittee(t.db, confid, [
      { line: 2, givenName: 'Ada', familyName: 'Lovelace', email: 'ada@pc.example.org' },
    ]);
    await replaceSubmissions(t.db, confid, [
      { paper: 1, title: 'A Paper', authors: [{ line: 2, email: 'grace@example.edu' }] },
    ]);
    await t.db
      .insert(conflictDecisions)
      .values({
        conferenceId: confid,
        paper: 1,
        memberEmail: 'ada@pc.example.org',
        decision: 'confirmed',
        reason: 'Seated for the suite.',
      })
      .onConflictDoNothing();
  };
  const decisionRows = [
    row({
      call: 'GET /v1/web/conference/{confid}/decisions',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      readOnly: true,
      request: (c) => getCall(`/v1/web/conference/${f.conferences.owned}/decisions`, c.session),
    }),
    row({
      call: 'POST /v1/web/conference/{confid}/decision',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      build: seatDecision,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/decision`, c.session, {
          paper: 1,
          email: 'ada@pc.example.org',
          decision: 'not_conflict',
          reason: 'Checked.',
        }),
    }),
    row({
      call: 'POST /v1/web/conference/{confid}/decision/delete',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      build: seatDecision,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/decision/delete`, c.session, {
          paper: 1,
          email: 'ada@pc.example.org',
        }),
    }),
  ];
  /**
   * The owner's conference with a member (line 3) and an author (line 3) only a name matches:
   * a person of that name, whom the rows' picks name.
   */
  const seatNamesakes = async () => {
    const namesake = await buildUser(t.db, { firstName: 'Nam', lastName: `Esake${next()}` });
    const person = { line: 3, givenName: namesake.firstName, familyName: namesake.lastName };
    const confid = f.conferences.owned;
    await replaceCommittee(t.db, confid, [
      { line: 2, givenName: 'Ada', familyName: 'Lovelace', email: 'ada@pc.example.org' },
      { ...person, email: 'namesake@pc.example.org' },
    ]);
    await replaceSubmissions(t.db, confid, [
      {
        paper: 1,
        title: 'A Paper',
        authors: [
          { line: 2, email: 'grace@example.edu' },
          { ...person, email: 'namesake@example.edu' },
        ],
      },
    ]);
    return namesake.id;
  };
  const pickRows = (['committee', 'submissions'] as const).map((file) =>
    row<number>({
      call: `POST /v1/web/conference/{confid}/${file}/pick`,
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      build: seatNamesakes,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/${file}/pick`, c.session, {
          line: 3,
          pick: c.world,
        }),
    }),
  );
  const versionRows = [
    row({
      call: 'POST /v1/web/conference/{confid}/recompute',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/recompute`, c.session, {}),
    }),
    row({
      call: 'POST /v1/web/conference/{confid}/assignments',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/assignments`, c.session, {
          file: 'paper,action,email\n1,primary,ada@pc.example.org\n',
        }),
    }),
    row<string>({
      call: 'POST /v1/web/conference/{confid}/committee/member',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      build: async (actor) => `late-${actor}-${next()}@pc.example.org`,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/committee/member`, c.session, {
          given_name: 'Late',
          family_name: 'Member',
          email: c.world,
        }),
    }),
    row<string>({
      call: 'POST /v1/web/conference/{confid}/committee/invite',
      variant: 'an address of its committee without an account',
      expect: chairsAndAdministrators,
      build: async (actor) => {
        const address = `invitee-${actor}-${next()}@pc.example.org`;
        await t.db
          .insert(committeeMembers)
          .values({ conferenceId: f.conferences.owned, line: 1000 + next(), email: address });
        return address;
      },
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/committee/invite`, c.session, {
          email: c.world,
        }),
    }),
  ];
  /** The owner's conference with one stored audit run (number 1). */
  const seatAuditRun = async () => {
    await t.db
      .insert(conflictAuditRuns)
      .values({
        conferenceId: f.conferences.owned,
        number: 1,
        result: {
          counts: { declared: 0, explained: 0, missed: 0, unsupported: 0 },
          missed: [],
          unsupported: [],
          declared: [],
        },
      })
      .onConflictDoNothing();
  };
  const auditRows = [
    row({
      call: 'POST /v1/web/conference/{confid}/audit',
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      request: (c) =>
        postCall(`/v1/web/conference/${f.conferences.owned}/audit`, c.session, {
          file: 'paper,title,given_name,family_name,email,conflicttype\n1,A Paper,Ada,Lovelace,ada@pc.example.org,Personal\n',
        }),
    }),
    ...['audit', 'audit/1', 'export/audit.csv'].map((what) =>
      row({
        call: `GET /v1/web/conference/{confid}/${what === 'audit/1' ? 'audit/{number}' : what}`,
        variant: "the owner's conference",
        expect: chairsAndAdministrators,
        readOnly: true,
        build: seatAuditRun,
        request: (c) => getCall(`/v1/web/conference/${f.conferences.owned}/${what}`, c.session),
      }),
    ),
  ];
  return [
    ...reads,
    settings,
    ...decisionRows,
    ...pickRows,
    ...versionRows,
    ...auditRows,
    ...(['committee', 'submissions'] as const).flatMap((what) => [
      row({
        call: `GET /v1/web/conference/{confid}/${what}`,
        variant: "the owner's conference",
        expect: chairsAndAdministrators,
        readOnly: true,
        request: (c) => getCall(`/v1/web/conference/${f.conferences.owned}/${what}`, c.session),
      }),
      row({
        call: `GET /v1/web/conference/{confid}/${what}`,
        variant: 'a conference that does not exist',
        expect: { ...everyone(404), guest: 401 },
        readOnly: true,
        request: (c) => getCall(`/v1/web/conference/${unknownId}/${what}`, c.session),
      }),
      row({
        call: `POST /v1/web/conference/{confid}/${what}`,
        variant: "the owner's conference",
        expect: chairsAndAdministrators,
        request: (c) =>
          postCall(`/v1/web/conference/${f.conferences.owned}/${what}`, c.session, {
            file: files[what],
          }),
      }),
    ]),
  ];
}

/** Accepting and rejecting: the person named answers; the creator and administrators may not. */
function answerRows(): Array<Row<unknown>> {
  const calls = [
    ['POST /v1/web/relation_accept_relation', 2, true],
    ['POST /v1/web/relation_accept_coauthor_relation', 3, false],
    ['POST /v1/web/relation_reject_relation', 2, true],
    ['POST /v1/web/relation_reject_coauthor_relation', 3, false],
  ] as const;
  return calls.flatMap(([call, type, withCreator]) => {
    const request = (c: Case<CaseRelation>) =>
      postCall(call.split(' ')[1]!, c.session, {
        GID: c.world.id,
        relationTypeId: type,
        relationTypeName: 'A relation',
        rUserName: '',
        rejectionComment: 'Not as I remember it.',
      });
    return [
      row<CaseRelation>({
        call,
        variant: 'by the person named on it',
        expect: ownerActs,
        build: () => caseRelation(type),
        owner: () => f.people.party,
        request,
      }),
      ...(withCreator
        ? [
            row<CaseRelation>({
              call,
              variant: 'by its creator',
              expect: { ...ownerActs, owner: 403 },
              build: () => caseRelation(type),
              request,
            }),
          ]
        : []),
    ];
  });
}

/**
 * Comments asking for a change, and messages to the administrators: anyone who sees it, but the
 * creator does not ask for a change (they save it with a comment) and an administrator who is
 * not named does not write to the administrators (relation-rules.ts).
 */
function commentRows(): Array<Row<unknown>> {
  const notByTheCreator: Expectations = { ...ownerAndAdministrators, owner: 403 };
  const notByAnAdministrator: Expectations = { ...ownerAndAdministrators, admin: 403 };
  const variants = [
    [
      'POST /v1/web/relation_request_to_modify',
      "a comment on the owner's relation",
      2,
      false,
      {},
      notByTheCreator,
    ],
    [
      'POST /v1/web/relation_request_to_modify',
      "a message to the administrators about the owner's relation",
      2,
      false,
      { contactAdmin: 1, changeRelationToPending: 0 },
      notByAnAdministrator,
    ],
    [
      'POST /v1/web/relation_request_to_modify',
      'a comment by the person named on it',
      2,
      true,
      {},
      ownerAndAdministrators,
    ],
    [
      'POST /v1/web/relation_request_to_modify_pending_emp',
      "a comment on the owner's application",
      8,
      false,
      {},
      notByTheCreator,
    ],
  ] as const;
  return variants.map(([call, variant, type, byParty, extra, expectations]) =>
    row<CaseRelation>({
      call,
      variant,
      expect: expectations,
      build: () => caseRelation(type, 1),
      ...(byParty ? { owner: () => f.people.party } : {}),
      request: (c) =>
        postCall(call.split(' ')[1]!, c.session, {
          GID: c.world.id,
          modificationsComment: 'Please check the year.',
          relationTypeId: type,
          relationTypeName: 'A relation',
          changeRelationToPending: 1,
          contactAdmin: 0,
          ...extra,
        }),
    }),
  );
}

/** Changing and deleting rules: the owner's conference, DEFAULT, a rule of another conference. */
function ruleRows(action: 'update' | 'delete'): Array<Row<unknown>> {
  const url = (confid: number | string, value: string) =>
    `/v1/web/conference/data/rule/${action}/${confid}/${value}`;
  const ruleRequest = (session: Tokens | null, confid: number | string, value: string) =>
    postCall(url(confid, value), session, ruleForm('A rule, changed'), 'json');
  return [
    row<string>({
      call: `POST /v1/web/conference/data/rule/${action}/{confid}/{value}`,
      variant: "the owner's conference",
      expect: chairsAndAdministrators,
      build: async () => {
        if (action === 'update') return f.rules.editable;
        const value = `owned-rule-${next()}`;
        await createRule(await sessionFor(f.people.owner), f.conferences.owned, 'To go', value);
        return value;
      },
      request: (c) => ruleRequest(c.session, f.conferences.owned, c.world),
    }),
    row<string>({
      call: `POST /v1/web/conference/data/rule/${action}/{confid}/{value}`,
      variant: 'DEFAULT',
      expect: administratorsOnly,
      build: async () => {
        const value = `authz-default-${next()}`;
        await createRule(await sessionFor(f.people.admin), 'DEFAULT', 'For a while', value);
        return value;
      },
      request: (c) => ruleRequest(c.session, 'DEFAULT', c.world),
      cleanUp: removeDefaultRule,
    }),
    row({
      call: `POST /v1/web/conference/data/rule/${action}/{confid}/{value}`,
      variant: "a rule of another conference, under the owner's",
      expect: { ...chairsAndAdministrators, owner: 404, admin: 404 },
      request: (c) => ruleRequest(c.session, f.conferences.owned, f.rules.chairs),
    }),
  ];
}

async function buildFixtures(): Promise<Fixtures> {
  const ownerPid = `77/${Date.now() % 100_000}`;
  const owner = await buildUser(t.db, {
    firstName: 'Olivia',
    lastName: 'Owner',
    email: `${privateMark}-olivia@example.org`,
    dblpPid: ownerPid,
    dblpName: 'Olivia Owner',
  });
  const people = {
    owner,
    party: await buildUser(t.db, {
      firstName: 'Paul',
      lastName: 'Party',
      email: `${privateMark}-paul@example.org`,
    }),
    other: await buildUser(t.db, { firstName: 'Oscar', lastName: 'Other' }),
    chair: await buildUser(t.db, { firstName: 'Chloe', lastName: 'Chair' }),
    admin: await buildUser(t.db, { firstName: 'Ada', lastName: 'Admin', role: 'admin' }),
    visitor: await buildUser(t.db, { firstName: 'Vera', lastName: 'Visitor' }),
  };
  for (const actor of ['owner', 'party', 'other', 'chair', 'admin'] as const) {
    await sessionFor(people[actor]);
  }

  const approved = await buildInstitution(t.db);
  const proposed = await buildInstitution(t.db, {
    name: `${privateMark} Institute of Things Not Yet Approved`,
    status: institutionStatus.awaitingApproval,
    createdByUserId: owner.id,
  });
  await buildAffiliation(t.db, owner.id, { institutionId: proposed.id });
  await buildNotification(t.db, owner.id, {
    message: `${privateMark}: Paul Party accepted your relation.`,
    publicationName: `${privateMark} paper in a notification`,
  });

  const ownerRelation = (
    title: string,
    partyStatus: number,
    overrides: Record<string, unknown> = {},
  ) =>
    buildRelation(t.db, {
      creator: owner,
      parties: [{ user: people.party, status: partyStatus }],
      title: `${privateMark} ${title}`,
      overrides: {
        notes: `${privateMark} notes of ${title}`,
        source: `Entry by self: Olivia Owner, ${owner.email}`,
        ...overrides,
      },
    });
  const confirmed = (await ownerRelation('Confirmed Paper', 1)).relation.id;
  await t.db.insert(relationComments).values([
    {
      relationId: confirmed,
      userId: owner.id,
      text: `${privateMark} the year was wrong`,
      isChangeComment: true,
    },
    {
      relationId: confirmed,
      userId: people.party.id,
      text: `${adminOnlyMark} ${privateMark}: please look at this relation`,
      isToAdmin: true,
    },
  ]);
  const pending = (await ownerRelation('Pending Paper', 3)).relation.id;
  const deleted = (await ownerRelation('Deleted Paper', 1, { status: 2, deletedAt: new Date() }))
    .relation.id;
  const application = (
    await buildRelation(t.db, {
      type: 8,
      creator: owner,
      institutionId: proposed.id,
      overrides: { notes: `${privateMark} notes of an application` },
    })
  ).relation.id;

  // A claim of the owner's DBLP profile, which the owner disputed.
  const claimant = await buildUser(t.db, { email: `${privateMark}-clara@example.org` });
  const claim = await openDblpClaim(t.db, claimant.id, ownerPid);
  const disputed = await post(t, '/v1/web/user/dblp-claims/dispute', await sessionFor(owner), {
    claimId: claim.id,
    reason: `${privateMark}: this profile is mine`,
  });
  if (disputed.statusCode !== 200) throw new Error(`dispute: ${disputed.body}`);

  const owned = await createConference(await sessionFor(owner), 'AUTHZ-OWNED');
  await createRule(await sessionFor(owner), owned, 'Co-authored, ever', 'coauthor-always');
  await createRule(await sessionFor(owner), owned, 'To be edited', 'editable-rule');
  const chairs = await createConference(await sessionFor(people.chair), 'AUTHZ-CHAIRS');
  await createRule(await sessionFor(people.chair), chairs, 'Theirs', 'only-in-chairs-conference');
  const [defaultConference] = await t.db
    .select({ id: conferences.id })
    .from(conferences)
    .where(eq(conferences.name, 'DEFAULT'));

  return {
    people,
    ownerPid,
    approvedInstitutionId: approved.id,
    proposedInstitutionId: proposed.id,
    relations: { confirmed, pending, deleted, application },
    conferences: { owned, chairs, defaultId: defaultConference!.id },
    rules: {
      owned: 'coauthor-always',
      editable: 'editable-rule',
      chairs: 'only-in-chairs-conference',
    },
  };
}

/** Builds the fixtures in the app's database, for the rows to use; answers them. */
export async function prepareCallTable(app: TestApp): Promise<Fixtures> {
  t = app;
  sessions.clear();
  f = await buildFixtures();
  return f;
}

export const labelOf = (spec: Row<unknown>) =>
  `${spec.call}${spec.variant ? ` (${spec.variant})` : ''}`;
