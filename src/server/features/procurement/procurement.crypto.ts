import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The cXML shared secret must be sent back in clear in every outbound document's Sender credential, so it is stored
 * encrypted (AES-256-GCM under a key derived from the app's auth secret), not hashed. OCI passwords are only ever
 * compared: hashed with scrypt.
 */
const keyOf = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'procurement', 'cxml shared secret', 32));

export function encryptSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    '.',
  );
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [, iv, tag, data] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv!, 'base64'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString('utf8');
}

/** Equal strings in constant time (a secret or a password compared with what a request carries). */
export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt.${salt.toString('base64')}.${scryptSync(password, salt, 32).toString('base64')}`;
}

export function checkPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [, salt, hash] = stored.split('.');
  const given = scryptSync(password, Buffer.from(salt!, 'base64'), 32);
  return timingSafeEqual(given, Buffer.from(hash!, 'base64'));
}

/** A new secret or one-time token, URL-safe. */
export const newToken = () => randomBytes(24).toString('base64url');

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
