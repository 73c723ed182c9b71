export const notificationKeys = {
  all: ['notifications'] as const,
  /** An admin's own staff-mail choice. */
  staffMail: (email: string) => ['notifications', 'staff-mail', email] as const,
};
