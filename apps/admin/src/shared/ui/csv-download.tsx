import { toCsv } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';

/** Saves text as a file the browser downloads (a CSV the server produced or the console built). */
export function saveCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An "Export CSV" button for a list the screen already holds: the cells are the ones shown. */
export function CsvButton({
  fileName,
  header,
  rows,
  title,
}: {
  fileName: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly unknown[]>;
  /** Says what the file holds when it is not the whole list (e.g. only the page on screen). */
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button secondary small" title={title} onClick={() => saveCsv(fileName, toCsv(header, rows))}>
      {t('csv.export')}
    </button>
  );
}
