import lunbo1 from '../assets/lunbo1.svg';
import lunbo2 from '../assets/lunbo2.svg';

/** The banner's slide images in order. The first is the home screen's largest paint, so it is fetched early. */
export const BANNER_IMAGES = [lunbo1, lunbo2] as const;
