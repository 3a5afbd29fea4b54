/** A staff role as the console names it (the Staff page, the audit log). */
export const staffRoleNames = { support: 'Support', admin: 'Administrator' } as const;
