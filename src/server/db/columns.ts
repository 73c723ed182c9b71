import { getTableName } from 'drizzle-orm';
import { foreignKey, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID made by the database. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp of the shop keeps its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/**
 * A foreign key under the name PostgreSQL gives an inline `REFERENCES` (`<table>_<column>_fkey`). The hand-written
 * migrations (0008 on) declare their keys inline, so that is the name in every database; `.references()` would
 * assume drizzle's `<table>_<column>_<target>_<column>_fk`, and a generated migration that drops or changes the key
 * would fail on it.
 */
export const inlineForeignKey = (column: PgColumn, target: PgColumn) =>
  foreignKey({
    name: `${getTableName(column.table)}_${column.name}_fkey`,
    columns: [column],
    foreignColumns: [target],
  });
