import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { BannerSlides } from './banner-slides.tsx';
import { useCachedRead } from './use-cached-read.ts';

/** Spec §2: the banner cycles every 40000 ms. */
export const AUTO_ADVANCE_MS = 40_000;

const loadInteractiveBanner = () => import('./interactive-banner.tsx');
const InteractiveBanner = lazy(() => loadInteractiveBanner().then((module) => ({ default: module.InteractiveBanner })));

/**
 * The banner (height 125, no arrows or dots, advancing every 40 s). Until it first moves it is plain
 * markup; embla (≈ 7 KB gzip) loads when the player swipes the banner or when the first advance is
 * due, which keeps it off the home route's initial script budget without changing what the player sees.
 *
 * Its slides are the operators' banners showing now for the app's language (/home/banners), or the
 * app's two built-in slides when there are none. Home never waits for that read: it paints the
 * built-in slides (the first one preloaded as home's largest paint) and swaps in the operators' when
 * they arrive; the answer is kept for five minutes across visits to home (use-cached-read.ts), so a
 * return to home paints them at once.
 */
export function BannerCarousel() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const banners = useCachedRead(`banners:${lang}`, () => api('/home/banners', { lang }))?.list;
  const [activation, setActivation] = useState<'touch' | 'advance' | null>(null);

  useEffect(() => {
    if (activation) return;
    const timer = window.setTimeout(() => setActivation('advance'), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [activation]);

  const staticBanner = (
    <BannerSlides
      banners={banners}
      onActivate={() => setActivation((current) => current ?? 'touch')}
      onPreload={() => void loadInteractiveBanner()}
    />
  );
  if (!activation) return staticBanner;
  return (
    <Suspense fallback={staticBanner}>
      <InteractiveBanner banners={banners} shouldAdvanceAtOnce={activation === 'advance'} />
    </Suspense>
  );
}
