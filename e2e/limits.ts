/** The second shop under test, the one with the sign-in limits on (see playwright.config.ts). */
export const e2eLimitsURL = () => `http://127.0.0.1:${Number(process.env.E2E_LIMITS_PORT ?? 3101)}`;
