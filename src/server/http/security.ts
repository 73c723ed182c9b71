import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers and a strict Content-Security-Policy; Stripe's script and card iframe only when Stripe is on. */
export const securityPlugin = fp(
  async (app) => {
    const { config } = app;
    const stripe = config.stripe
      ? {
          script: ['https://js.stripe.com'],
          frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
          connect: ['https://api.stripe.com'],
        }
      : { script: [], frame: [], connect: [] };
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.script],
          frameSrc: ["'self'", ...stripe.frame],
          // Toasts inject a <style> element at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'"],
          connectSrc: ["'self'", ...stripe.connect],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.baseUrl.startsWith('https:') ? [] : null,
        },
      },
      // HSTS means something only over https; sent over plain http it would pin a development host to https.
      strictTransportSecurity: config.baseUrl.startsWith('https:') ? undefined : false,
      // Same-site media only: other sites may not embed the shop's product images.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  },
  { name: 'security', dependencies: ['config'] },
);
