import { z } from 'zod';

/** My equipment's service reminders (decision 064). */
export const equipmentEnvShape = {
  /** A buyer is mailed this many days before a service falls due. */
  SERVICE_LEAD_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number' })
    .min(0)
    .max(365)
    .default(14),
};

/** `app.config.serviceLeadDays`. */
export interface EquipmentConfig {
  /** Days before a machine's service is due that its owner is mailed the kit (SERVICE_LEAD_DAYS). */
  serviceLeadDays: number;
}

type EquipmentEnv = z.output<z.ZodObject<typeof equipmentEnvShape>>;

export const equipmentSettings = (e: EquipmentEnv): EquipmentConfig => ({
  serviceLeadDays: e.SERVICE_LEAD_DAYS,
});
