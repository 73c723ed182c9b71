export const companyKeys = {
  all: ['companies'] as const,
  mine: ['companies', 'mine'] as const,
  /** One company's lists (members, invitations, locations, history, shared lists). */
  part: (id: string, part: string) => ['companies', id, part] as const,
  /** The admins' list of companies. */
  list: (search: string) => ['companies', 'list', search] as const,
  invitation: (token: string) => ['companies', 'invitation', token] as const,
};
