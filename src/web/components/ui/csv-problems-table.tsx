import type { CsvProblem } from '@shared/common/csv.schema';

/**
 * The bad rows of a CSV import: the file's line, the column and what is wrong. Each problem's cell repeats the line
 * and column, so a screen reader reading one cell still knows where it is.
 */
export function CsvProblemsTable({
  problems,
  caption = 'Bad rows',
}: {
  problems: readonly CsvProblem[];
  caption?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="table table-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.line}-${p.column}`}>
              <td>{p.line}</td>
              <td>{p.column}</td>
              <td>{`row ${p.line}, ${p.column}: ${p.message}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
