import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedLocale } from '../i18n/i18n.ts';
import { nativeNameOf } from '../i18n/languages.ts';
import { GlobeIcon } from './icons.tsx';
import styles from './language-picker.module.css';

// The list arrives when first opened; the home route's script budget is tight (DESIGN.md §10).
const LanguagePickerDialog = lazy(() =>
  import('./language-picker-dialog.tsx').then((module) => ({ default: module.LanguagePickerDialog })),
);

/** The top bar's language button: a globe and the current language's own name. */
export function LanguagePickerButton() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-label={`${t('language.label')}: ${nativeNameOf(storedLocale())}`}
        data-testid="language-picker"
        onClick={() => setIsOpen(true)}
      >
        <GlobeIcon size={18} />
        <span className={styles.triggerName} aria-hidden="true">
          {nativeNameOf(storedLocale())}
        </span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <LanguagePickerDialog isOpen onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
