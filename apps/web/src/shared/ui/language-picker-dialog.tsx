import { useTranslation } from 'react-i18next';
import { chooseLocale, storedLocale } from '../i18n/i18n.ts';
import { PICKER_LANGUAGES } from '../i18n/languages.ts';
import { Button } from './button.tsx';
import { AppDialog } from './dialog.tsx';
import { CheckIcon } from './icons.tsx';
import styles from './language-picker.module.css';

/** The list of the eight offered languages; choosing one stores it and reloads the page. */
export function LanguagePickerDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const current = storedLocale();
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('language.title')}
      testId="language-dialog"
      actions={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      <ul className={styles.list}>
        {PICKER_LANGUAGES.map(({ locale, nativeName }) => (
          <li key={locale}>
            <button
              type="button"
              className={styles.option}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => (locale === current ? onOpenChange(false) : chooseLocale(locale))}
            >
              <span>{nativeName}</span>
              {locale === current && <CheckIcon className={styles.check} size={20} />}
            </button>
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
