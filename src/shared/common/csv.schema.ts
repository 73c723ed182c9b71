import { z } from 'zod';

/**
 * One bad cell (or row) of an uploaded CSV: the file's line number (the header is line 1), the column's header (or
 * `row` for the row as a whole), and what is wrong. Every CSV import's report lists its bad rows this way.
 */
export const csvProblemSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CsvProblem = z.infer<typeof csvProblemSchema>;
