import type { THomeBanner } from '@mayur/contracts';
import { isInAppBannerLink } from '@mayur/rules/banner-links';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/lib/money.ts';
import { BANNER_IMAGES } from './banner-images.ts';
import { useInviteOffer } from './use-invite-offer.ts';
import styles from './banner-carousel.module.css';

type BannerSlidesProps = {
  /** The operators' banners showing now (from /home/banners); none: the app's two built-in slides. */
  banners?: readonly THomeBanner[];
  viewportRef?: Ref<HTMLElement>;
  onActivate?: () => void;
  onPreload?: () => void;
};

type Slide = {
  key: string;
  image: string;
  width: number;
  height: number;
  alt: string;
  headline: string;
  detail: string;
  link: string;
  isOperators: boolean;
};

/** A banner's link: a path of the app opens in the app, an https address in a new tab. */
function SlideLink({ link, children }: { link: string; children: ReactNode }) {
  if (!link) return children;
  if (isInAppBannerLink(link))
    return (
      <Link className={styles.link} to={link}>
        {children}
      </Link>
    );
  return (
    <a className={styles.link} href={link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The banner's markup: the same before and after the carousel engine takes over, so the swap is invisible. */
export function BannerSlides({ banners = [], viewportRef, onActivate, onPreload }: BannerSlidesProps) {
  const { t } = useTranslation();
  const invite = useInviteOffer();
  const slides: Slide[] =
    banners.length > 0
      ? banners.map((banner) => ({
          key: banner.id,
          image: banner.imageUrl,
          width: banner.width,
          height: banner.height,
          alt: banner.alt,
          headline: banner.headline,
          detail: '',
          link: banner.link,
          isOperators: true,
        }))
      : [
          {
            key: BANNER_IMAGES[0],
            image: BANNER_IMAGES[0],
            width: 600,
            height: 160,
            alt: '',
            headline: t('home.banner.fairHeadline'),
            detail: t('home.banner.fairDetail'),
            link: '',
            isOperators: false,
          },
          {
            key: BANNER_IMAGES[1],
            image: BANNER_IMAGES[1],
            width: 600,
            height: 160,
            alt: '',
            headline: t('home.banner.inviteHeadline', { bonus: formatRupees(invite.bonus) }),
            detail: t('home.banner.inviteDetail', { amount: formatRupees(invite.threshold) }),
            link: '',
            isOperators: false,
          },
        ];
  return (
    <section
      ref={viewportRef}
      className={styles.carousel}
      aria-roledescription={t('home.banner.carousel')}
      aria-label={t('home.banner.label')}
      // The carousel engine takes over when a finger or a pressed pointer moves (a swipe), not on a
      // press: a tap keeps these very elements, so a banner's link opens.
      onPointerMove={(event) => {
        if (event.buttons > 0) onActivate?.();
      }}
      onTouchMove={onActivate}
      onPointerEnter={onPreload}
      data-testid="banner"
    >
      <div className={styles.track}>
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            className={styles.slide}
            role="group"
            aria-roledescription={t('home.banner.slide')}
            aria-label={t('home.banner.position', { current: index + 1, total: slides.length })}
            data-testid={slide.isOperators ? 'operator-banner' : undefined}
          >
            <SlideLink link={slide.link}>
              {/* The first slide is the largest paint of home (the built-in one is preloaded by
                  app/first-route-hints.ts); the others are off screen until the banner moves, so they
                  wait their turn. Width and height hold the slide's shape while the image loads. */}
              <img
                className={slide.isOperators ? `${styles.image} ${styles.operatorImage}` : styles.image}
                src={slide.image}
                alt={slide.alt}
                width={slide.width}
                height={slide.height}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding={index === 0 ? 'auto' : 'async'}
              />
              {slide.headline ? (
                <div className={styles.caption}>
                  <p className={styles.headline}>{slide.headline}</p>
                  {slide.detail ? <p className={styles.detail}>{slide.detail}</p> : null}
                </div>
              ) : null}
            </SlideLink>
          </div>
        ))}
      </div>
    </section>
  );
}
