import { useId } from 'react';

// Illustrations of the payment screens, drawn for Mayur in the brand's saffron and peacock colours
// like the wallet's (features/wallet/components/wallet-art.tsx). Decorative: the text beside each says
// everything it shows.

/** A rupee coin dropping into an open wallet: topping up. */
export function RechargeArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 200 140" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.85" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-wallet`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#c2410c" />
        </linearGradient>
        <linearGradient id={`${id}-flap`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="80" rx="92" ry="60" fill={`url(#${id}-glow)`} />
      <ellipse cx="100" cy="130" rx="56" ry="5" fill="#431407" opacity="0.18" />
      <rect x="52" y="62" width="96" height="64" rx="12" fill={`url(#${id}-wallet)`} />
      <path d="M52 74c0-7 5-12 12-12h72l-10-14H66c-8 0-14 6-14 14Z" fill="#9a3412" />
      <rect x="112" y="82" width="40" height="26" rx="8" fill={`url(#${id}-flap)`} />
      <circle cx="126" cy="95" r="5" fill="#fde68a" stroke="#1e3a8a" strokeWidth="2" />
      <g>
        <circle cx="88" cy="34" r="17" fill={`url(#${id}-coin)`} stroke="#b45309" strokeWidth="2" />
        <circle cx="88" cy="34" r="11" fill="none" stroke="#b45309" strokeWidth="1.5" opacity="0.55" />
        <path
          d="M82 28h12M82 32.5h12M85.5 28c6 0 6 9 0 9l7 6"
          fill="none"
          stroke="#92400e"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <path d="M88 54v6" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" strokeDasharray="1 5" />
      <path d="M150 26v8M146 30h8" stroke="#14b8a6" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M40 44v8M36 48h8" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="162" cy="60" r="3.5" fill="#f59e0b" />
      <circle cx="34" cy="92" r="3" fill="#1d4ed8" opacity="0.8" />
    </svg>
  );
}

/** A green USDT coin on a ring of linked blocks: a transfer on the TRON network. */
export function UsdtArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 200 140" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#99f6e4" stopOpacity="0.8" />
          <stop offset="1" stopColor="#99f6e4" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="70" rx="90" ry="64" fill={`url(#${id}-glow)`} />
      <circle cx="100" cy="70" r="52" fill="none" stroke="#0f766e" strokeWidth="2" strokeDasharray="4 7" opacity="0.5" />
      <rect x="32" y="56" width="20" height="20" rx="5" fill="#1d4ed8" />
      <rect x="148" y="56" width="20" height="20" rx="5" fill="#f97316" />
      <rect x="90" y="2" width="20" height="16" rx="5" fill="#14b8a6" />
      <rect x="90" y="122" width="20" height="16" rx="5" fill="#c2410c" />
      <circle cx="100" cy="70" r="36" fill={`url(#${id}-coin)`} stroke="#115e59" strokeWidth="2.5" />
      <circle cx="100" cy="70" r="28" fill="none" stroke="#ecfdf5" strokeWidth="1.5" opacity="0.45" />
      <path d="M84 55h32M100 55v32" stroke="#ffffff" strokeWidth="6" strokeLinecap="round" />
      <ellipse cx="100" cy="67" rx="17" ry="5" fill="none" stroke="#ffffff" strokeWidth="3.5" />
      <path d="M58 40v7M54.5 43.5h7" stroke="#f59e0b" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="150" cy="32" r="3.5" fill="#f59e0b" />
      <circle cx="46" cy="104" r="3" fill="#14b8a6" />
    </svg>
  );
}

/** An empty receipt with a small clock: no records yet. */
export function EmptyRecordsArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-clock`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="70" r="62" fill="#fff1e6" />
      <path
        d="M46 16h68a6 6 0 0 1 6 6v96l-8-6-8 6-8-6-8 6-8-6-8 6-8-6-8 6-8-6-8 6V22a6 6 0 0 1 6-6Z"
        fill="#ffffff"
        stroke="#eadfd5"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="56" y="32" width="48" height="6" rx="3" fill="#fdba74" />
      <rect x="56" y="48" width="36" height="4" rx="2" fill="#eadfd5" />
      <rect x="56" y="58" width="44" height="4" rx="2" fill="#eadfd5" />
      <rect x="56" y="68" width="28" height="4" rx="2" fill="#f3ece5" />
      <rect x="56" y="86" width="22" height="8" rx="4" fill="#e7f6ec" />
      <rect x="82" y="86" width="22" height="8" rx="4" fill="#fff7e0" />
      <circle cx="118" cy="98" r="18" fill="#ffffff" stroke={`url(#${id}-clock)`} strokeWidth="5" />
      <path d="M118 88v10l7 4" stroke="#1d4ed8" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      <circle cx="26" cy="38" r="4" fill="#f59e0b" />
      <circle cx="140" cy="30" r="3" fill="#14b8a6" />
      <path d="M28 100v8M24 104h8" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A bank card with a plus badge: add an account to withdraw to. */
export function PayoutAccountArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 130" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-card`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f766e" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={`${id}-back`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fdba74" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="64" r="58" fill="#fff1e6" />
      <rect x="38" y="30" width="88" height="56" rx="10" fill={`url(#${id}-back)`} transform="rotate(-10 82 58)" />
      <rect x="30" y="44" width="92" height="58" rx="10" fill={`url(#${id}-card)`} />
      <rect x="30" y="56" width="92" height="10" fill="#0b1f4d" opacity="0.45" />
      <rect x="40" y="74" width="16" height="12" rx="3" fill="#fde68a" />
      <rect x="62" y="78" width="40" height="4" rx="2" fill="#ffffff" opacity="0.7" />
      <rect x="40" y="92" width="26" height="3" rx="1.5" fill="#ffffff" opacity="0.5" />
      <circle cx="120" cy="100" r="16" fill="#16a34a" stroke="#ffffff" strokeWidth="4" />
      <path d="M120 92v16M112 100h16" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="24" cy="34" r="3.5" fill="#f59e0b" />
      <path d="M140 26v8M136 30h8" stroke="#14b8a6" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** An hourglass beside a shield with a tick: the transfer is being verified. */
export function VerifyingArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-shield`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={`${id}-sand`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="60" r="56" fill="#e6f6f4" />
      <path d="M92 20 124 32v24c0 22-14 36-32 42-18-6-32-20-32-42V32Z" fill={`url(#${id}-shield)`} />
      <path d="m78 58 10 10 20-22" fill="none" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <g transform="translate(26 52)">
        <rect x="0" y="0" width="34" height="6" rx="3" fill="#9a3412" />
        <rect x="0" y="50" width="34" height="6" rx="3" fill="#9a3412" />
        <path d="M4 6h26c0 14-9 16-9 22s9 8 9 22H4c0-14 9-16 9-22S4 20 4 6Z" fill="#ffffff" stroke="#c2410c" strokeWidth="2" />
        <path d="M9 12h16c-2 7-8 9-8 14-1-5-6-7-8-14Z" fill={`url(#${id}-sand)`} />
        <path d="M8 48c2-6 6-8 9-8s7 2 9 8Z" fill={`url(#${id}-sand)`} />
      </g>
      <circle cx="136" cy="22" r="3.5" fill="#f59e0b" />
      <path d="M22 24v8M18 28h8" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
