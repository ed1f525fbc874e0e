import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerSlides } from './banner-slides.tsx';

/** Spec §2: the banner cycles every 40000 ms. */
export const AUTO_ADVANCE_MS = 40_000;

const loadInteractiveBanner = () => import('./interactive-banner.tsx');
const InteractiveBanner = lazy(() => loadInteractiveBanner().then((module) => ({ default: module.InteractiveBanner })));

/**
 * The two-slide banner (height 125, no arrows or dots, advancing every 40 s). Until it first moves it
 * is plain markup; embla (≈ 7 KB gzip) loads when the player touches the banner or when the first
 * advance is due, which keeps it off the home route's initial script budget without changing what the
 * player sees.
 */
export function BannerCarousel() {
  const [activation, setActivation] = useState<'touch' | 'advance' | null>(null);

  useEffect(() => {
    if (activation) return;
    const timer = window.setTimeout(() => setActivation('advance'), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [activation]);

  const staticBanner = (
    <BannerSlides
      onActivate={() => setActivation((current) => current ?? 'touch')}
      onPreload={() => void loadInteractiveBanner()}
    />
  );
  if (!activation) return staticBanner;
  return (
    <Suspense fallback={staticBanner}>
      <InteractiveBanner shouldAdvanceAtOnce={activation === 'advance'} />
    </Suspense>
  );
}
