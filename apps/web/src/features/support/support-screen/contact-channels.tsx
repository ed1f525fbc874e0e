import type { TSupportChannel, TSupportChannelKind } from '@mayur/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import type { IconProps } from '../../../shared/ui/icons.tsx';
import { ExternalIcon, MailIcon, TelegramIcon, WhatsAppIcon } from '../support-icons.tsx';
import styles from './support-screen.module.css';
import { useSupportChannels } from './use-support-channels.ts';

const CHANNEL_ICONS: Record<TSupportChannelKind, ComponentType<IconProps>> = {
  telegram: TelegramIcon,
  whatsapp: WhatsAppIcon,
  email: MailIcon,
};

function ChannelLink({ channel }: { channel: TSupportChannel }) {
  const { t } = useTranslation('support');
  const ChannelIcon = CHANNEL_ICONS[channel.kind];
  // An e-mail link opens the mail app in place; a chat link opens the messenger (or its site) in a new tab.
  const opensTab = channel.kind !== 'email';
  return (
    <li>
      <a
        className={`${styles.channel} ${styles[channel.kind]}`}
        href={channel.url}
        target={opensTab ? '_blank' : undefined}
        rel={opensTab ? 'noopener noreferrer' : undefined}
        data-testid={`support-channel-${channel.kind}`}
      >
        <span className={styles.channelIcon}>
          <ChannelIcon size={22} />
        </span>
        <span className={styles.channelText}>
          <span className={styles.channelName}>{t(`support.contact.${channel.kind}`)}</span>
          <span className={`${styles.channelLabel} ltr-text`}>{channel.label}</span>
        </span>
        <ExternalIcon className={styles.channelOpen} size={18} />
      </a>
    </li>
  );
}

/** The operator's contact channels that are set; a line pointing to complaints when none is. */
export function ContactChannels() {
  const { t } = useTranslation('support');
  const channels = useSupportChannels();
  return (
    <section className={styles.card} aria-labelledby="contact-title" aria-busy={channels.isPending}>
      <h2 id="contact-title" className={styles.sectionTitle}>
        {t('support.contact.title')}
      </h2>
      {channels.isPending ? (
        <div className={styles.channelSkeletons} aria-hidden="true">
          <span className={styles.channelSkeleton} />
          <span className={styles.channelSkeleton} />
        </div>
      ) : channels.isError ? (
        <div className={styles.inlineError} role="alert">
          <p>{t('support.contact.loadFailed')}</p>
          <Button variant="secondary" isSmall onClick={() => void channels.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : channels.data.channels.length === 0 ? (
        <p className={styles.muted} data-testid="support-channels-none">
          {t('support.contact.none')}
        </p>
      ) : (
        <>
          <p className={styles.muted}>{t('support.contact.body')}</p>
          <ul className={styles.channels}>
            {channels.data.channels.map((channel) => (
              <ChannelLink key={channel.kind} channel={channel} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
