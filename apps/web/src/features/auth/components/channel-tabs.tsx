import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import type { CodeChannel } from './send-code-button.tsx';
import styles from './auth.module.css';

/** Phone / E-mail tabs; only the chosen tab's form is in the page. */
export function ChannelTabs({
  channel,
  onChannelChange,
  label,
  mobile,
  email,
}: {
  channel: CodeChannel;
  onChannelChange: (channel: CodeChannel) => void;
  label: string;
  mobile: ReactNode;
  email: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <Tabs
      label={label}
      value={channel}
      onValueChange={onChannelChange}
      listClassName={styles.tabList}
      tabClassName={styles.tab}
      panelClassName={styles.tabPanel}
      items={[
        { value: 'mobile', label: t('auth.phoneTab'), panel: mobile },
        { value: 'email', label: t('auth.emailTab'), panel: email },
      ]}
    />
  );
}
