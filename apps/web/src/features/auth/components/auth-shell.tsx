import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { BackIcon } from '../../../shared/ui/icons.tsx';
import { LogoMark } from '../../../shared/ui/logo.tsx';
import styles from './auth.module.css';

/** The frame of every sign-in and password screen: back button, logo, title, then a card. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const goBack = useGoBack();
  return (
    <div className={styles.shell}>
      <div className={styles.hero}>
        <button type="button" className={styles.back} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
        <LogoMark size={56} />
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      <div className={styles.card}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
