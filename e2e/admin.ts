/** The admin the end-to-end server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const e2eAdmin = { email: 'owner@toolhouse.example', password: 'owner-password-1' };
