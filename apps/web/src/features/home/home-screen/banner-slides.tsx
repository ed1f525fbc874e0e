import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../shared/lib/money.ts';
import { BANNER_IMAGES } from './banner-images.ts';
import { useInviteOffer } from './use-invite-offer.ts';
import styles from './banner-carousel.module.css';

type BannerSlidesProps = {
  viewportRef?: Ref<HTMLElement>;
  onActivate?: () => void;
  onPreload?: () => void;
};

/** The banner's markup: the same before and after the carousel engine takes over, so the swap is invisible. */
export function BannerSlides({ viewportRef, onActivate, onPreload }: BannerSlidesProps) {
  const { t } = useTranslation();
  const invite = useInviteOffer();
  const slides = [
    { image: BANNER_IMAGES[0], headline: t('home.banner.fairHeadline'), detail: t('home.banner.fairDetail') },
    {
      image: BANNER_IMAGES[1],
      headline: t('home.banner.inviteHeadline', { bonus: formatRupees(invite.bonus) }),
      detail: t('home.banner.inviteDetail', { amount: formatRupees(invite.threshold) }),
    },
  ];
  return (
    <section
      ref={viewportRef}
      className={styles.carousel}
      aria-roledescription={t('home.banner.carousel')}
      aria-label={t('home.banner.label')}
      onPointerDown={onActivate}
      onTouchStart={onActivate}
      onPointerEnter={onPreload}
      data-testid="banner"
    >
      <div className={styles.track}>
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            className={styles.slide}
            role="group"
            aria-roledescription={t('home.banner.slide')}
            aria-label={t('home.banner.position', { current: index + 1, total: slides.length })}
          >
            {/* The first slide is the largest paint of home (preloaded by app/first-route-hints.ts); the
                second is off screen until the banner moves, so it waits its turn. */}
            <img
              className={styles.image}
              src={slide.image}
              alt=""
              width={600}
              height={160}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'auto' : 'async'}
            />
            <div className={styles.caption}>
              <p className={styles.headline}>{slide.headline}</p>
              <p className={styles.detail}>{slide.detail}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
