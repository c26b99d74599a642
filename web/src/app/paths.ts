// Every path of the web app, in one place (docs/product.md, "Screens and routes"): `pattern` is
// what the router declares and the access rules match, `href` writes a link to it. The paths
// are part of the contract (mails, notifications and bookmarks point at them): add, never
// change. Any layer may import this file; it imports only common.
import { relationPath } from '@recuse/common';
import type { ConferenceOption } from '@recuse/common';

/** A path without parameters: the link is the pattern. */
const fixed = <Pattern extends string>(pattern: Pattern) => ({
  pattern,
  href: (): Pattern => pattern,
});

export const paths = {
  home: fixed('/'),
  signIn: fixed('/sign-in'),
  forgotPassword: fixed('/forgot-password'),
  registration: fixed('/registration'),
  invitedRegistration: {
    pattern: '/registration/:token',
    href: (token: string) => `/registration/${encodeURIComponent(token)}`,
  },
  resetPassword: { pattern: '/reset-password/:token' },
  lock: fixed('/lock'),
  notFound: fixed('/404'),
  serverError: fixed('/500'),
  profile: fixed('/user/profile'),
  passwordReset: fixed('/user/password-reset'),
  dblpClaimOrcid: fixed('/dblp-claim/orcid'),

  relations: fixed('/relations'),
  pendingRelations: fixed('/relations/pending'),
  relationAdd: fixed('/relations/add'),
  /**
   * A relation's page, by id and type: common's `relationPath`, which the server's mails use too,
   * links type 8 (a pending employment or application) to pendingRelation's pattern.
   */
  relation: { pattern: '/relations/:action/:id', href: relationPath },
  pendingRelation: { pattern: '/pending-relations/:action/:id' },
  invitationResponse: { pattern: '/relations/validate/new/:token' },
  conflicts: fixed('/relations/conflicts'),
  conferenceConflicts: {
    pattern: '/relations/conflicts/:conferencename/:confid',
    href: (conference: Pick<ConferenceOption, 'conference_name' | 'confid'>) =>
      `/relations/conflicts/${encodeURIComponent(conference.conference_name)}/${conference.confid}`,
  },

  conferences: fixed('/conferences'),
  conference: {
    pattern: '/conferences/:confid',
    href: (confid: number) => `/conferences/${confid}`,
  },
  chairList: fixed('/chair'),
  chairWorkspace: {
    pattern: '/conferences/:confid/workspace',
    href: (confid: number) => `/conferences/${confid}/workspace`,
  },

  /** One help page; each section has its own path, which scrolls to it. */
  help: {
    pattern: '/help/*',
    href: (section?: 'overview' | 'interface' | 'faq') => (section ? `/help/${section}` : '/help'),
  },
  contact: fixed('/contact'),

  admin: fixed('/admin'),
  adminInstitutions: fixed('/admin/institutions'),
  adminRequests: fixed('/admin/requests'),
  adminRelations: fixed('/admin/relations'),
  adminRelation: {
    pattern: '/admin/relations/:relationId',
    href: (relationId: number) => `/admin/relations/${relationId}`,
  },
  adminUsers: fixed('/admin/users'),
  adminUser: {
    pattern: '/admin/users/:userId',
    href: (userId: number) => `/admin/users/${userId}`,
  },
  adminDblp: fixed('/admin/dblp'),
  adminDefaultRules: fixed('/admin/default-rules'),
} as const;
