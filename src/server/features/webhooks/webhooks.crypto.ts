import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Encrypts and decrypts the signing secrets at rest, with a key derived from the server secret. */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

/**
 * AES-256-GCM under a key derived (HKDF) from the server secret: the signer needs each secret in clear, so a hash
 * would not do, and a copy of the database alone cannot forge the shop's signatures.
 */
export function secretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'toolhouse', 'webhook signing secrets', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), text]
        .map((p) => (Buffer.isBuffer(p) ? p.toString('base64url') : p))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !text) throw new Error('not a sealed webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The `webhook-signature` header: one `v1,` signature per secret, space-separated, so a receiver holding either the
 * new or (during the overlap after a rotation) the old secret verifies the message.
 */
export const signatureHeader = (secrets: string[], eventId: string, at: Date, body: string) =>
  secrets.map((s) => new Webhook(s).sign(eventId, at, body)).join(' ');
