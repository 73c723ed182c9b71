export const contentKeys = {
  skills: ['content', 'skills'] as const,
  projects: ['content', 'projects'] as const,
};
