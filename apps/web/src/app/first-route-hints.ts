import { BANNER_IMAGES } from '../features/home/home-screen/banner-images.ts';

/**
 * Starts fetching what the first screen paints before the app's code has arrived to render it: for
 * home, the banner's first image, which is its largest paint and would otherwise be requested only
 * after the first render.
 */
export function hintFirstRoute(pathname: string): void {
  if (pathname === '/') preload(BANNER_IMAGES[0], 'image');
}

function preload(href: string, as: 'image'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}
