import { z } from 'zod';

/** Shapes shared by the environment's groups of variables (config.ts and its per-concern files). */
export const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const optionalText = z.string().trim().min(1).optional();

export function pair<T>(
  problems: string[],
  a: [string, T | undefined],
  b: [string, T | undefined],
): [T, T] | undefined {
  if (a[1] === undefined && b[1] === undefined) return undefined;
  if (a[1] === undefined || b[1] === undefined) {
    problems.push(
      `${a[1] === undefined ? a[0] : b[0]}: must be set together with ${a[1] === undefined ? b[0] : a[0]}`,
    );
    return undefined;
  }
  return [a[1], b[1]];
}

/**
 * A comma-separated list of mail addresses (STAFF_EMAILS): blanks around commas and empty items are ignored, every
 * other item must be an address, and repeats (whatever their case) count once.
 */
export const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: (i) => `"${String(i.input)}" is not an email address` })))
  .transform((list) => [...new Map(list.map((a) => [a.toLowerCase(), a])).values()]);

/** Every bad variable of the environment, named in one error so a start fails once with all of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
