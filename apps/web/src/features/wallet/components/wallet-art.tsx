import { useId } from 'react';

// Illustrations drawn for Mayur in the brand's saffron and peacock colours. Decorative: the text
// beside each says everything they show.

/** A gift box with a peacock-blue ribbon, a gold coin and confetti: the gift screen's picture. */
export function GiftArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 200 160" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-box`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#c2410c" />
        </linearGradient>
        <linearGradient id={`${id}-lid`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fdba74" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
        <linearGradient id={`${id}-ribbon`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={`${id}-coin`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="92" rx="92" ry="68" fill={`url(#${id}-glow)`} />
      <ellipse cx="100" cy="146" rx="58" ry="6" fill="#431407" opacity="0.18" />
      <rect x="52" y="80" width="96" height="62" rx="8" fill={`url(#${id}-box)`} />
      <rect x="52" y="80" width="96" height="10" fill="#9a3412" opacity="0.35" />
      <rect x="92" y="80" width="16" height="62" fill={`url(#${id}-ribbon)`} />
      <rect x="44" y="62" width="112" height="24" rx="6" fill={`url(#${id}-lid)`} />
      <rect x="90" y="62" width="20" height="24" fill={`url(#${id}-ribbon)`} />
      <path d="M100 62c-6-16-26-30-36-22-8 7 2 20 36 22Z" fill="#0f766e" />
      <path d="M100 62c6-16 26-30 36-22 8 7-2 20-36 22Z" fill="#1d4ed8" />
      <path d="M100 62c-4-9-14-17-20-13-4 4 3 11 20 13Z" fill="#5eead4" opacity="0.55" />
      <path d="M100 62c4-9 14-17 20-13 4 4-3 11-20 13Z" fill="#93c5fd" opacity="0.55" />
      <circle cx="100" cy="62" r="7" fill="#fbbf24" stroke="#b45309" strokeWidth="2" />
      <g transform="rotate(-14 160 38)">
        <circle cx="160" cy="38" r="15" fill={`url(#${id}-coin)`} stroke="#b45309" strokeWidth="2" />
        <circle cx="160" cy="38" r="9.5" fill="none" stroke="#b45309" strokeWidth="1.5" opacity="0.6" />
        <path
          d="M155 33h10M155 37h10M158 33c5 0 5 8 0 8l6 6"
          fill="none"
          stroke="#92400e"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <rect x="30" y="30" width="8" height="8" rx="2" fill="#14b8a6" transform="rotate(20 34 34)" />
      <rect x="166" y="84" width="7" height="7" rx="2" fill="#f59e0b" transform="rotate(35 169 87)" />
      <circle cx="46" cy="104" r="4" fill="#1d4ed8" opacity="0.8" />
      <circle cx="132" cy="20" r="3.5" fill="#f97316" />
      <circle cx="24" cy="72" r="3" fill="#f59e0b" />
      <path d="M64 18v10M59 23h10" stroke="#f59e0b" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M178 58v8M174 62h8" stroke="#14b8a6" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** An empty statement with a magnifying glass: the transactions list before any money moved. */
export function EmptyStatementArt({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 160 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-lens`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="70" r="62" fill="#fff1e6" />
      <path
        d="M48 18h64a6 6 0 0 1 6 6v92l-8-6-8 6-8-6-8 6-8-6-8 6-8-6-8 6-8-6-6 6V24a6 6 0 0 1 6-6Z"
        fill="#ffffff"
        stroke="#eadfd5"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="58" cy="40" r="5" fill="#16a34a" opacity="0.85" />
      <rect x="68" y="36" width="28" height="4" rx="2" fill="#eadfd5" />
      <rect x="68" y="42" width="18" height="3" rx="1.5" fill="#f3ece5" />
      <circle cx="58" cy="62" r="5" fill="#f97316" opacity="0.85" />
      <rect x="68" y="58" width="32" height="4" rx="2" fill="#eadfd5" />
      <rect x="68" y="64" width="14" height="3" rx="1.5" fill="#f3ece5" />
      <circle cx="58" cy="84" r="5" fill="#1d4ed8" opacity="0.75" />
      <rect x="68" y="80" width="24" height="4" rx="2" fill="#eadfd5" />
      <rect x="68" y="86" width="20" height="3" rx="1.5" fill="#f3ece5" />
      <circle cx="114" cy="94" r="17" fill="#ffffff" fillOpacity="0.7" stroke={`url(#${id}-lens)`} strokeWidth="6" />
      <path d="M126 106l14 14" stroke="#9a3412" strokeWidth="8" strokeLinecap="round" />
      <path d="M107 87a9 9 0 0 1 9-3" stroke="#93c5fd" strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="26" cy="36" r="4" fill="#f59e0b" />
      <circle cx="138" cy="30" r="3" fill="#14b8a6" />
      <path d="M30 104v8M26 108h8" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
