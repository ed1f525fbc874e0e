import { useId } from 'react';

// Illustrations for the payout account screens, in the brand's saffron and peacock colours and the
// style of the wallet's pictures. Decorative: the text beside each says everything they show.

/** Two bank cards, one in front of the other, with an "add" badge: no bank card or UPI account yet. */
export function BankCardsArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-back`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={`${id}-front`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fdba74" />
          <stop offset="0.45" stopColor="#f97316" />
          <stop offset="1" stopColor="#c2410c" />
        </linearGradient>
        <linearGradient id={`${id}-chip`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="70" r="62" fill="#fff1e6" />
      <ellipse cx="82" cy="122" rx="50" ry="5" fill="#431407" opacity="0.14" />
      <g transform="rotate(-10 76 66)">
        <rect x="28" y="36" width="96" height="60" rx="9" fill={`url(#${id}-back)`} />
        <rect x="28" y="48" width="96" height="11" fill="#0f172a" opacity="0.35" />
      </g>
      <rect x="38" y="56" width="96" height="60" rx="9" fill={`url(#${id}-front)`} />
      <path d="M38 98c30-10 62-10 96 2v7a9 9 0 0 1-9 9H47a9 9 0 0 1-9-9Z" fill="#9a3412" opacity="0.25" />
      <rect x="48" y="68" width="17" height="13" rx="3" fill={`url(#${id}-chip)`} stroke="#b45309" strokeWidth="1" />
      <path d="M48 74.5h17M56.5 68v13" stroke="#b45309" strokeWidth="1" opacity="0.6" />
      <g fill="#ffffff" opacity="0.9">
        <circle cx="50" cy="95" r="2" />
        <circle cx="56" cy="95" r="2" />
        <circle cx="62" cy="95" r="2" />
        <circle cx="68" cy="95" r="2" />
        <rect x="76" y="92.5" width="24" height="5" rx="2.5" />
      </g>
      <rect x="48" y="104" width="30" height="4" rx="2" fill="#ffffff" opacity="0.55" />
      <circle cx="122" cy="74" r="7" fill="#fde68a" opacity="0.8" />
      <circle cx="113" cy="74" r="7" fill="#fbbf24" opacity="0.8" />
      <circle cx="132" cy="44" r="14" fill="#15803d" stroke="#ffffff" strokeWidth="3" />
      <path d="M132 37v14M125 44h14" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="24" cy="30" r="4" fill="#f59e0b" />
      <circle cx="148" cy="96" r="3" fill="#14b8a6" />
      <path d="M22 104v8M18 108h8" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M92 14v8M88 18h8" stroke="#1d4ed8" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A wallet holding a USDT coin, with an "add" badge: no USDT account yet. */
export function UsdtWalletArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-wallet`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#9a3412" />
        </linearGradient>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="70" r="62" fill="#e6f6f4" />
      <ellipse cx="80" cy="124" rx="52" ry="5" fill="#134e4a" opacity="0.14" />
      <g transform="rotate(-12 84 44)">
        <circle cx="84" cy="44" r="26" fill={`url(#${id}-coin)`} stroke="#115e59" strokeWidth="2" />
        <circle cx="84" cy="44" r="19" fill="none" stroke="#ffffff" strokeWidth="1.5" opacity="0.35" />
        <path d="M72 33h24M84 33v23" stroke="#ffffff" strokeWidth="5" strokeLinecap="round" />
        <ellipse cx="84" cy="43" rx="13" ry="4" fill="none" stroke="#ffffff" strokeWidth="2.5" />
      </g>
      <path d="M32 64h88a8 8 0 0 1 8 8v42a8 8 0 0 1-8 8H40a8 8 0 0 1-8-8Z" fill={`url(#${id}-wallet)`} />
      <path d="M32 64l76-14a6 6 0 0 1 7 6v8Z" fill="#c2410c" />
      <rect x="100" y="82" width="34" height="22" rx="7" fill="#fdba74" />
      <circle cx="112" cy="93" r="4.5" fill="#9a3412" />
      <path d="M40 110h40" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" opacity="0.4" />
      <circle cx="136" cy="36" r="14" fill="#15803d" stroke="#ffffff" strokeWidth="3" />
      <path d="M136 29v14M129 36h14" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="26" cy="40" r="4" fill="#f59e0b" />
      <circle cx="146" cy="100" r="3" fill="#1d4ed8" />
      <path d="M24 96v8M20 100h8" stroke="#14b8a6" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
