import fs from 'node:fs';
import path from 'node:path';

// Browser tests read their texts from the web app's locale files, so they follow the translations
// rather than copies of them. A locale is a folder of namespace files whose top-level groups never
// overlap: merged, they are the locale's whole tree.

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/shared/i18n/locales');

export function readLocale(locale: string): any {
  const folder = path.join(localesDir, locale);
  const namespaces = fs.readdirSync(folder).filter((file) => file.endsWith('.json'));
  return Object.assign({}, ...namespaces.map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'))));
}
