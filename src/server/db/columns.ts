import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID made by the database. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp of the shop keeps its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => moment('created_at').notNull().defaultNow();
