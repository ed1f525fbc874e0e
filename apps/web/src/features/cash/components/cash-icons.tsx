import { Icon, type IconProps } from '../../../shared/ui/icons.tsx';

// Line icons of the payment screens, on the shared 24×24 frame. Decorative: the text beside each
// names what it shows.

/** A phone with a forward arrow: paying by UPI. */
export const UpiIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
    <path d="m10 8.5 3 3-3 3" className="flip-in-rtl" />
  </Icon>
);

/** A bank's columns under a pediment. */
export const BankIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 9.5 12 4l9 5.5" />
    <path d="M4 9.5h16" />
    <path d="M6 12v5M10 12v5M14 12v5M18 12v5" />
    <path d="M3 20h18" />
  </Icon>
);

/** A coin with a tether-style T: USDT. */
export const UsdtIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 8h8M12 8v9" />
    <path d="M8.5 11.5c2.2.7 4.8.7 7 0" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5h.01" />
  </Icon>
);

/** A wallet with money going out of it. */
export const WalletOutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16 4H6a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h12a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H3" />
    <path d="M12 16v-6M9.5 12.5 12 10l2.5 2.5" />
  </Icon>
);

/** A wallet with money coming into it. */
export const WalletInIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16 4H6a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h12a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H3" />
    <path d="M12 10v6M9.5 13.5 12 16l2.5-2.5" />
  </Icon>
);
