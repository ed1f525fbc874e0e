import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import styles from './announcement-strip.module.css';

export type AnnouncementStripProps = {
  text: string;
  color?: string;
  background?: string;
  /** Font size in px. */
  size?: number;
  /** Strip height in px. */
  height?: number;
  /** Seconds before the text starts moving. */
  delay?: number;
  /** Scroll speed in px per second. */
  speed?: number;
  /** When false the text stands still. */
  isScrollable?: boolean;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
  /** Accessible name of the strip. */
  label: string;
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches);
}

/**
 * A horizontally scrolling announcement line (spec §2). After `delay` seconds the text scrolls once
 * from where it starts until it has left the strip, then loops in from the far edge, at `speed` px/s.
 * It pauses while pointed at or focused, and stands still for players who prefer reduced motion.
 */
export function AnnouncementStrip({
  text,
  color = 'var(--color-primary-strong)',
  background = 'var(--color-primary-soft)',
  size = 14,
  height = 35,
  delay = 1,
  speed = 100,
  isScrollable = true,
  leftIcon,
  rightIcon,
  label,
}: AnnouncementStripProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLSpanElement>(null);
  const animationRef = useRef<Animation | null>(null);
  const isHeldRef = useRef(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  const isMoving = isScrollable && !prefersReducedMotion && speed > 0;

  useEffect(() => {
    const viewport = viewportRef.current;
    const content = contentRef.current;
    if (!isMoving || !viewport || !content || typeof content.animate !== 'function') return;

    let delayTimer = 0;
    const play = (animation: Animation) => {
      animationRef.current = animation;
      if (isHeldRef.current) animation.pause();
    };
    const start = () => {
      animationRef.current?.cancel();
      window.clearTimeout(delayTimer);
      // Text runs towards the reading start: left in left-to-right locales, right in Arabic.
      const direction = getComputedStyle(viewport).direction === 'rtl' ? 1 : -1;
      const viewportWidth = viewport.clientWidth;
      const contentWidth = content.scrollWidth;
      delayTimer = window.setTimeout(() => {
        const firstPass = content.animate(
          [{ transform: 'translateX(0)' }, { transform: `translateX(${direction * contentWidth}px)` }],
          {
            duration: (contentWidth / speed) * 1000,
            easing: 'linear',
            fill: 'forwards',
          },
        );
        firstPass.onfinish = () => {
          firstPass.cancel();
          play(
            content.animate(
              [
                { transform: `translateX(${-direction * viewportWidth}px)` },
                { transform: `translateX(${direction * contentWidth}px)` },
              ],
              { duration: ((viewportWidth + contentWidth) / speed) * 1000, easing: 'linear', iterations: Infinity },
            ),
          );
        };
        play(firstPass);
      }, delay * 1000);
    };

    start();
    let lastWidth = viewport.clientWidth;
    const resizeObserver = new ResizeObserver(() => {
      if (viewport.clientWidth === lastWidth) return;
      lastWidth = viewport.clientWidth;
      start();
    });
    resizeObserver.observe(viewport);
    return () => {
      resizeObserver.disconnect();
      window.clearTimeout(delayTimer);
      animationRef.current?.cancel();
      animationRef.current = null;
    };
  }, [text, delay, speed, isMoving]);

  const hold = (isHeld: boolean) => {
    isHeldRef.current = isHeld;
    if (isHeld) animationRef.current?.pause();
    else animationRef.current?.play();
  };

  return (
    <section className={styles.strip} style={{ color, background, height, fontSize: size }} aria-label={label}>
      {leftIcon && <span className={styles.icon}>{leftIcon}</span>}
      <div
        ref={viewportRef}
        className={`${styles.viewport} ${isMoving ? '' : styles.static}`}
        style={{ lineHeight: `${height}px` }}
        tabIndex={0}
        role="marquee"
        onPointerEnter={() => hold(true)}
        onPointerLeave={() => hold(false)}
        onFocus={() => hold(true)}
        onBlur={() => hold(false)}
      >
        <span ref={contentRef} className={styles.content}>
          {text}
        </span>
      </div>
      {rightIcon && <span className={styles.icon}>{rightIcon}</span>}
    </section>
  );
}
