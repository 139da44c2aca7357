import type { FindingImportError } from "@common/contract/findings";

/** Every bad cell of a file: its finding's row (0 for the file itself), its column as the file names it, and why. */
export function ImportErrorsTable({ errors, caption }: { errors: readonly FindingImportError[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-md border border-destructive/60">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold text-destructive">{caption}</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            <tr key={`${error.row}-${error.column}-${index}`} className="border-b last:border-b-0">
              <td className="px-3 py-2 tabular-nums">{error.row === 0 ? "File" : error.row}</td>
              <td className="px-3 py-2 break-words">{error.column}</td>
              <td className="px-3 py-2 break-words">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
