/** getStaticPaths for pages under src/pages/[...locale]/: the Ukrainian page at the root, the English under /eng. */
import type { Lang } from '../i18n/paths.ts';

export const localeStaticPaths = () => [
  { params: { locale: undefined }, props: { lang: 'uk' as Lang } },
  { params: { locale: 'eng' }, props: { lang: 'en' as Lang } },
];
