import { z } from 'zod';
import { wholeNumber } from '../http/query-numbers';
import { actionsNamed, auditThings, type AuditAction } from './audit-actions';

const uuid = z.uuid('must be an id (uuid)');

const prefixes = auditThings.map((thing) => `${thing}.`).join(', ');

/** Comma-separated actions or things' prefixes: the actions they name, or a 400 naming the stranger. */
const actionFilter = z
  .string()
  .max(2_000)
  .transform((filter, ctx) => {
    const chosen = new Set<AuditAction>();
    for (const value of filter.split(',').map((part) => part.trim())) {
      const named = actionsNamed(value);
      if (named.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" is not an action of the log: give actions such as number.add, or a prefix of them (${prefixes}), separated by commas`,
        });
        return z.NEVER;
      }
      for (const action of named) chosen.add(action);
    }
    return [...chosen];
  });

/** GET /admin/audit: filters by staff member, number or order, one changed thing, or actions. */
export const auditListQuery = z.object({
  actorId: uuid.optional().describe('Only changes made by this staff member'),
  number: z
    .string()
    .regex(/^[6-9]\d{9}$/, 'must be a 10-digit mobile number')
    .optional()
    .describe('Only changes of this number'),
  orderId: uuid.optional().describe('Only changes of this order'),
  orderReference: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe('Only changes of the order with this reference (as the buyer sees it)'),
  entityType: z
    .enum(['number', 'order', 'enquiry', 'user', 'import', 'search'])
    .optional()
    .describe('Only changes of this kind of thing'),
  entityId: z.string().max(100).optional().describe('With entityType: one thing'),
  action: actionFilter
    .optional()
    .describe(
      `Only these actions, separated by commas: each an action (number.add) or a prefix naming all of a thing's (${prefixes})`,
    ),
  upTo: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be an entry id')
    .optional()
    .describe(
      "Only entries up to this id: the answer's upTo from the first page, so that further pages do not shift as entries are written",
    ),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z
    .object({ id: z.string(), name: z.string(), email: z.string() })
    .describe('The staff member; id "system" (name System, no e-mail) for an automatic change'),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  entityName: z
    .string()
    .nullable()
    .describe('The name of the user changed (entityType user); null for other things'),
  number: z.string().nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable().describe('The reference of that order, as buyers see it'),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: z.string().nullable(),
});

export type AuditEntryView = z.infer<typeof auditEntrySchema>;
