/** Orientation values of spec §1: 1 straight, 2 gay, 3 trans, 0 all. */
export const Orientation = { all: 0, straight: 1, gay: 2, trans: 3 } as const;
export type OrientationValue = (typeof Orientation)[keyof typeof Orientation];

/**
 * Search words that offer a switch to another orientation's site variant. Lower-case, accent-free,
 * in the interface languages where the word differs from English.
 */
export const lgbtTriggers: Readonly<Record<1 | 2 | 3, readonly string[]>> = {
  1: ['straight', 'hetero', 'heterosexual', 'heterosexuel', 'heterosexuell', 'eterosessuale', 'heterosexualni'],
  2: [
    'gay',
    'gays',
    'twink',
    'twinks',
    'bear',
    'bears',
    'schwul',
    'gai',
    'gej',
    'gey',
    'гей',
    'ゲイ',
    '同性恋',
    'مثلي',
    'הומו',
    'homo',
  ],
  3: [
    'trans',
    'transgender',
    'tgirl',
    'tgirls',
    'transsexual',
    'transsexuel',
    'transexual',
    'travesti',
    'транс',
    'トランス',
    '跨性别',
  ],
};
