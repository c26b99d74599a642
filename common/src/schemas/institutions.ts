// Answers of the institution calls (SPEC section 7).
import { z } from 'zod';
import { wireFlag } from './fields.ts';

/**
 * GET /v1/web/institution/data/list/InstitutionDrplist: id → name. Approved institutions, and
 * those awaiting approval that the caller proposed or is affiliated with; their names end in
 * ' (sent for approval)' so any client shows the note.
 */
export const institutionDropListSchema = z.record(z.string(), z.string());
export type InstitutionDropList = z.infer<typeof institutionDropListSchema>;

/** One institution of the caller's affiliations, for the institutional conflict option. */
export const institutionConflictOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  /** 1 approved, 3 awaiting approval. */
  instStatus: z.number(),
  /** The earliest start there, 'YYYY-MM-DD', or '' when unknown. */
  startDate: z.string(),
  /** The latest end there, or '' while current there. */
  endDate: z.string(),
  current: wireFlag,
  /** The positions held there, each once. */
  positions: z.array(z.string()),
});
export type InstitutionConflictOption = z.infer<typeof institutionConflictOptionSchema>;

/** GET /v1/web/institution/data/InstitutionConflictOption. */
export const institutionConflictOptionsSchema = z.object({
  return_data: z.array(institutionConflictOptionSchema),
});
