import type { ReactNode } from 'react';
import styles from './layouts.module.css';
import { useDocumentTitle } from './use-document-title.ts';

/** No chrome at all: the screen draws everything itself. */
export function BareLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
