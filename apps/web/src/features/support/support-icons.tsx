import { Icon, type IconProps } from '../../shared/ui/icons.tsx';

// The help centre's own line icons, drawn on the shared 24×24 frame: one per help topic and one per
// contact channel, so a player finds a topic or a channel by its picture before reading it.

export const DepositIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 13v4M10 15l2 2 2-2" />
  </Icon>
);

export const WithdrawalIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 17v-4M10 15l2-2 2 2" />
  </Icon>
);

/** A coin with the tether "T". */
export const TetherIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 8h8M12 8v9M8.5 11.5c1 .6 2.2.9 3.5.9s2.5-.3 3.5-.9" />
  </Icon>
);

/** A die inside a shield: results nobody can choose. */
export const FairnessIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
    <rect x="8.5" y="8.5" width="7" height="7" rx="1.5" />
    <path d="M10.5 10.5h.01M13.5 13.5h.01" />
  </Icon>
);

export const TeamIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.5 3.5 5.2" />
  </Icon>
);

/** A raised hand: limits, time-outs and self-exclusion. */
export const PauseHandIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V11M11 10V4a1.5 1.5 0 0 1 3 0v6M14 10V5.5a1.5 1.5 0 0 1 3 0V14" />
    <path d="M8 12.5 6.6 11a1.6 1.6 0 0 0-2.4 2.1L8 18.5A6 6 0 0 0 13 21h.5A4.5 4.5 0 0 0 17 16.5V14" />
  </Icon>
);

export const KeyIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M16 7l3 3M14 9l2 2" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

/** Telegram's paper plane. */
export const TelegramIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m21 4-18 7.5 6 2 2 6.5 3.5-4.5 5 3.5Z" />
    <path d="m9 13.5 8-6" />
  </Icon>
);

/** A speech bubble with a handset, as WhatsApp is known. */
export const WhatsAppIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3.2 3.2Z" />
    <path d="M9.2 8.5c-.4 1.8.9 4.3 3 5.6.9.6 1.9.7 2.6.3l.7-1-1.7-1-.8.7c-.8-.4-1.6-1.2-2-2l.7-.8-1-1.7Z" />
  </Icon>
);

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Icon>
);

export const ExternalIcon = (props: IconProps) => (
  <Icon {...props} className={`flip-in-rtl ${props.className ?? ''}`}>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z" />
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

/** A clock with a pause: the reality check and time-outs. */
export const TimerIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="13" r="8" />
    <path d="M10 2h4M10.5 10.5v5M13.5 10.5v5" />
  </Icon>
);
