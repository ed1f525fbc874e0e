import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

// Every list of the console is one TanStack Table; paging, when there is any, is the server's.

export type ServerPaging = { pageNum: number; pageSize: number; total: number; onPage(pageNum: number): void };

export function DataTable<T>({
  data,
  columns,
  paging,
  onRowClick,
  label,
}: {
  data: T[];
  // A column helper types each column by its value, and TanStack's ColumnDef is invariant in it, so a
  // list of mixed columns is only assignable with `any` here (the library's own advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  paging?: ServerPaging;
  onRowClick?: (row: T) => void;
  label: string;
}) {
  const { t } = useTranslation();
  // TanStack Table returns functions React Compiler cannot memoize; this component is left uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  const pageCount = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={onRowClick ? 'clickable' : undefined}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {paging ? (
        <nav className="pager" aria-label={t('table.paging')}>
          <button
            type="button"
            className="button secondary"
            disabled={paging.pageNum <= 1}
            onClick={() => paging.onPage(paging.pageNum - 1)}
          >
            {t('table.previous')}
          </button>
          <span>{t('table.page', { page: paging.pageNum, pages: pageCount, total: paging.total })}</span>
          <button
            type="button"
            className="button secondary"
            disabled={paging.pageNum >= pageCount}
            onClick={() => paging.onPage(paging.pageNum + 1)}
          >
            {t('table.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
