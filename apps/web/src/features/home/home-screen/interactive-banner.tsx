import type { THomeBanner } from '@mayur/contracts';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import { usePrefersReducedMotion } from './announcement-strip.tsx';
import { AUTO_ADVANCE_MS } from './banner-carousel.tsx';
import { BannerSlides } from './banner-slides.tsx';

/** The banner driven by embla: swipeable, looping, advancing every 40 s (instantly under reduced motion). */
export function InteractiveBanner({
  banners,
  shouldAdvanceAtOnce,
}: {
  banners: readonly THomeBanner[] | undefined;
  shouldAdvanceAtOnce: boolean;
}) {
  const isRightToLeft = document.documentElement.dir === 'rtl';
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, direction: isRightToLeft ? 'rtl' : 'ltr' });
  const prefersReducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (embla && shouldAdvanceAtOnce) embla.scrollNext(prefersReducedMotion);
    // Only the first advance is due at mount; later ones come from the interval below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    const timer = window.setInterval(() => embla.scrollNext(prefersReducedMotion), AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [embla, prefersReducedMotion]);

  return <BannerSlides banners={banners} viewportRef={viewportRef} />;
}
