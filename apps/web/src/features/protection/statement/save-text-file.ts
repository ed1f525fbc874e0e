/** Saves text as a file through the browser's download, e.g. the statement's CSV. */
export function saveTextFile(text: string, fileName: string, type: string): void {
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
