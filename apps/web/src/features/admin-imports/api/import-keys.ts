/** The imports' queries (staff data: removed when the session ends). */
export const importKeys = {
  all: ['imports'] as const,
  lists: ['imports', 'list'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  one: (id: string) => ['imports', 'one', id] as const,
};
