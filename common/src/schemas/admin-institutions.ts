// The administration of institutions (docs/product.md, "Institutions"): the queue of proposals,
// the search over every institution, and the decisions (approve, merge, reject) and edits, as
// requests and replies shared by the server's routes and the web app's institutions page.
import { z } from 'zod';
import { institutionKey } from '../institution-name.ts';
import { idField, requiredText, searchText } from './fields.ts';
import { maxInstitutionNameLength } from './profile.ts';

export const institutionAdminMessages = {
  onlyAdministrators: 'Only administrators may manage institutions.',
  pickInstitution: 'Please select the institution.',
  pickTarget: 'Please select the institution to merge into.',
  reasonRequired: 'Please enter the reason for rejection.',
  nameRequired: 'Please enter the name of the institution.',
  tooManyAliases: 'At most 50 aliases.',
  tooManyDomains: 'At most 20 e-mail domains.',
  domainInvalid: (domain: string) => `${domain} is not an e-mail domain (such as example.org).`,
  alreadyApproved: 'This institution has already been approved.',
  alreadyRejected: 'This proposal has already been rejected.',
  alreadyMerged: (name: string) => `This institution has already been merged into ${name}.`,
  notAProposal: 'Only a proposal awaiting approval can be rejected.',
  mergeIntoItself: 'An institution cannot be merged into itself.',
  targetUnknown: 'The institution to merge into does not exist.',
  targetNotUsable: (name: string) =>
    `${name} cannot take other institutions in: it was rejected or merged into another one.`,
  nameTaken: (name: string) =>
    `Another institution is already known as ${name}. Merge the two instead.`,
  proposalRejected: (name: string) => `Your proposed institution ${name} was rejected.`,
  usedInstitutionRejected: (name: string) =>
    `The institution ${name}, named on your profile or a pending application, was rejected. Please pick another one.`,
  proposalMerged: (name: string, target: string) =>
    `Your proposed institution ${name} is now part of ${target}.`,
} as const;

const institutionId = idField(institutionAdminMessages.pickInstitution);

/** A list sent as text (split by `separator`) or as a JSON array; blanks dropped. */
const textList = (separator: RegExp) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(separator) : (value ?? [])),
    z.array(z.string()),
  );

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Aliases, one per line (names may hold commas): each once, never the name itself. */
const aliasList = textList(/\r?\n/)
  .transform((list) => list.map((alias) => alias.trim().replace(/\s+/g, ' ')).filter(Boolean))
  .pipe(
    z
      .array(
        z.string().max(maxInstitutionNameLength, `At most ${maxInstitutionNameLength} characters.`),
      )
      .max(50, institutionAdminMessages.tooManyAliases),
  );

/** E-mail domains, separated by lines, commas or spaces; 'Example.org' and '@example.org' alike. */
const domainList = textList(/[\s,;]+/)
  .transform((list) =>
    list.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter(Boolean),
  )
  .pipe(z.array(z.string()).max(20, institutionAdminMessages.tooManyDomains))
  .superRefine((domains, context) => {
    for (const domain of domains) {
      if (!domainPattern.test(domain)) {
        context.addIssue({
          code: 'custom',
          message: institutionAdminMessages.domainInvalid(domain),
        });
      }
    }
  })
  .transform((domains) => [...new Set(domains)]);

/** POST /v1/web/admin/institutions/reject */
export const rejectInstitutionSchema = z.object({
  institutionId,
  reason: requiredText(institutionAdminMessages.reasonRequired, 1000),
});

/** POST /v1/web/admin/institutions/merge: the institution's name becomes an alias of the target. */
export const mergeInstitutionSchema = z.object({
  institutionId,
  targetId: idField(institutionAdminMessages.pickTarget),
});

/** POST /v1/web/admin/institutions/update */
export const updateInstitutionSchema = z
  .object({
    institutionId,
    name: requiredText(institutionAdminMessages.nameRequired, maxInstitutionNameLength).transform(
      (name) => name.replace(/\s+/g, ' '),
    ),
    aliases: aliasList,
    emailDomains: domainList,
    country: z
      .string()
      .trim()
      .max(100, 'At most 100 characters.')
      .optional()
      .transform((value) => value ?? ''),
  })
  .transform((form) => {
    const seen = new Set([institutionKey(form.name)]);
    const aliases = form.aliases.filter((alias) => {
      const key = institutionKey(alias);
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ...form, aliases };
  });
export type UpdateInstitutionForm = z.output<typeof updateInstitutionSchema>;

/** GET /v1/web/admin/institutions?q=: a part of a name or an alias; none lists the first ones. */
export const institutionSearchSchema = z.object({ q: searchText });

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** An institution as the administration pages show it. */
export const adminInstitutionSchema = z.object({
  id: z.number(),
  name: z.string(),
  aliases: z.array(z.string()),
  emailDomains: z.array(z.string()),
  country: z.string(),
  /** 1 approved, 3 awaiting approval, 4 rejected. */
  status: z.number(),
  mergedInto: z.object({ id: z.number(), name: z.string() }).nullable(),
  proposedBy: personSchema.nullable(),
  createdAt: z.string(),
  affiliationCount: z.number(),
  relationCount: z.number(),
});
export type AdminInstitution = z.infer<typeof adminInstitutionSchema>;

/** One proposal of the queue, with the affiliations and type 8 relations that name it. */
export const institutionProposalSchema = adminInstitutionSchema.extend({
  affiliations: z.array(
    z.object({
      id: z.number(),
      person: z.object({ id: z.number(), name: z.string() }),
      position: z.string(),
      /** 'YYYY-MM-DD', '' when unknown. */
      startDate: z.string(),
      endDate: z.string(),
      isCurrent: z.boolean(),
    }),
  ),
  relations: z.array(
    z.object({
      id: z.number(),
      creator: z.object({ id: z.number(), name: z.string() }),
      /** The relation's own status: 3 pending, 1 validated. */
      status: z.number(),
    }),
  ),
});
export type InstitutionProposal = z.infer<typeof institutionProposalSchema>;

/** GET /v1/web/admin/institutions/queue: proposals awaiting approval, oldest first. */
export const institutionQueueSchema = z.object({
  institutions: z.array(institutionProposalSchema),
});

/** GET /v1/web/admin/institutions: at most 50 institutions, by name. */
export const institutionSearchReplySchema = z.object({
  institutions: z.array(adminInstitutionSchema),
});

/** POST /v1/web/admin/institutions/merge */
export const mergeInstitutionReplySchema = z.object({
  message: z.literal('SUCCESS'),
  target: adminInstitutionSchema,
  movedAffiliations: z.number(),
  movedRelations: z.number(),
  validatedRelations: z.number(),
});

/** POST /v1/web/admin/institutions/reject and /update: the institution afterwards. */
export const institutionReplySchema = z.object({
  message: z.literal('SUCCESS'),
  institution: adminInstitutionSchema,
});
