import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../shared/lib/money.ts';
import lunbo1 from '../assets/lunbo1.svg';
import lunbo2 from '../assets/lunbo2.svg';
import styles from './banner-carousel.module.css';

const INVITE_BONUS = '158.00';
const INVITE_RECHARGE = '300.00';

type BannerSlidesProps = {
  viewportRef?: Ref<HTMLElement>;
  onActivate?: () => void;
  onPreload?: () => void;
};

/** The banner's markup: the same before and after the carousel engine takes over, so the swap is invisible. */
export function BannerSlides({ viewportRef, onActivate, onPreload }: BannerSlidesProps) {
  const { t } = useTranslation();
  const slides = [
    { image: lunbo1, headline: t('home.banner.fairHeadline'), detail: t('home.banner.fairDetail') },
    {
      image: lunbo2,
      headline: t('home.banner.inviteHeadline', { bonus: formatRupees(INVITE_BONUS) }),
      detail: t('home.banner.inviteDetail', { amount: formatRupees(INVITE_RECHARGE) }),
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
            <img className={styles.image} src={slide.image} alt="" width={600} height={160} />
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
