export const accountKeys = {
  session: ['session'] as const,
  profile: (email: string) => ['profile', email] as const,
  users: ['users'] as const,
  userRole: (email: string) => ['user-role', email] as const,
};
