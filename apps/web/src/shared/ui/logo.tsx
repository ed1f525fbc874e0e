import { useId } from 'react';

/**
 * Mayur's mark: a stylised peacock feather eye (mayur is Hindi for peacock) in the brand's warm
 * saffron around a peacock-blue core. Drawn for this project.
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-outer`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
        <radialGradient id={`${id}-core`} cx="0.45" cy="0.4" r="0.7">
          <stop offset="0" stopColor="#38bdf8" />
          <stop offset="0.6" stopColor="#1d4ed8" />
          <stop offset="1" stopColor="#1e3a8a" />
        </radialGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#1c1917" />
      <path d="M32 6c13 8 20 19 20 30a20 20 0 0 1-40 0C12 25 19 14 32 6Z" fill={`url(#${id}-outer)`} />
      <path d="M32 16c8 6 12 13 12 20a12 12 0 0 1-24 0c0-7 4-14 12-20Z" fill="#0f766e" />
      <ellipse cx="32" cy="37" rx="7.5" ry="9" fill={`url(#${id}-core)`} />
      <path d="M32 56V44" stroke="#1c1917" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="29.5" cy="34" r="2" fill="#e0f2fe" opacity="0.85" />
    </svg>
  );
}

export function Logo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <LogoMark />
      <span style={{ fontWeight: 800, fontSize: 20, letterSpacing: 0.3 }}>Mayur</span>
    </span>
  );
}
