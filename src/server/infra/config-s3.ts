import { z } from 'zod';
import { bool, optionalText, pair } from './env-helpers';

/** S3-compatible object storage for media (and later documents); all unset → files stay in DATA_DIR/media. */
export const s3Env = {
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.optional(),
};

export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, …); unset → AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset → the AWS SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The S3_* variables as one group: a bucket, a region unless an endpoint says where, keys in pairs. */
export function s3Config(problems: string[], e: z.output<z.ZodObject<typeof s3Env>>): S3Config | undefined {
  const keys = pair(
    problems,
    ['S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID],
    ['S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY],
  );
  const others = {
    S3_REGION: e.S3_REGION,
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE,
  };
  if (!e.S3_BUCKET) {
    const set = Object.entries({ ...others, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID })
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    if (set.length) problems.push(`S3_BUCKET: must be set to use object storage (${set.join(', ')} given)`);
    return undefined;
  }
  if (!e.S3_REGION && !e.S3_ENDPOINT)
    problems.push('S3_REGION: must be set (or S3_ENDPOINT for another service)');
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials: keys && { accessKeyId: keys[0], secretAccessKey: keys[1] },
  };
}
