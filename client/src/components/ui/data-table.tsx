import type { ReactNode } from "react";

export interface TableColumn<T> {
  header: string;
  /** Classes of the column's header and cells alike (alignment, hidden on phones). */
  className?: string;
  /** Classes of its cells alone. */
  cellClassName?: string;
  /** The cell that names the row, read out before the others. */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  caption: ReactNode;
  captionId?: string;
  className: string;
  /** Classes of every header cell and of every body cell. */
  headClassName: string;
  cellClassName: string;
}

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

/** A table with one row per item and a screen-reader caption, its columns described once. */
export function DataTable<T extends { id: number }>({ rows, columns, caption, captionId, className, headClassName, cellClassName }: DataTableProps<T>) {
  return (
    <table className={className}>
      <caption id={captionId} className="sr-only">
        {caption}
      </caption>
      <thead className="border-b bg-muted/40">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={join(headClassName, column.className)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b last:border-b-0">
            {columns.map((column) => {
              const className = join(cellClassName, column.className, column.cellClassName);
              return column.rowHeader ? (
                <th key={column.header} scope="row" className={join(className, "text-left font-semibold break-words")}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
