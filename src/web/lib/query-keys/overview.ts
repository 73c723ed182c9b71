export const overviewKeys = {
  all: ['overview'] as const,
};
