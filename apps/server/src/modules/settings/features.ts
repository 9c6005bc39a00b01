import { FEATURE_NAMES } from '@perenos/porting-rules/back-office';

/** The switchable parts of the site (docs/product.md §10); the database holds whether each is on. */
export const FEATURES = ['Portation', 'EsiaAuth', 'News', 'OperatorPage', 'OperatorsByRegionMap', 'Goskey'] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Features a new site starts with switched off: signing in Госключ needs the organisation's agreement
 * with Госуслуги and its settings first (GOSKEY_*), so the consent tick stays until an admin turns it on.
 */
export const OFF_AT_FIRST: readonly Feature[] = ['Goskey'];

export const THEME_SETTING = 'site-theme-current';
export const DEFAULT_THEME = 'green';

/**
 * What each feature is (its name is the back office's table's, decision 135), and what visitors lose while
 * it is off (the back office's confirmation says it).
 */
export const FEATURE_TEXTS: Record<Feature, { title: string; disappears: string }> = {
  Portation: {
    title: FEATURE_NAMES.Portation,
    disappears:
      'Пропадут страница «Перенести номер», мастер заявления (все три шага) и пункт меню; новые заявления подать будет нельзя. Уже поданные заявления продолжат переноситься, и люди будут получать о них SMS и письма.',
  },
  EsiaAuth: {
    title: FEATURE_NAMES.EsiaAuth,
    disappears:
      'Войти на сайт не сможет никто — ни посетители, ни сотрудники: личный кабинет и шаги 2–3 заявления станут недоступны новым посетителям. Уже вошедшие останутся в своей сессии до её конца. Если вы выйдете, включить раздел снова можно будет только командой npm run flags на сервере.',
  },
  News: {
    title: FEATURE_NAMES.News,
    disappears:
      'Пропадут список новостей, страницы новостей и их картинки; ссылки на новости будут вести на «Страница не найдена».',
  },
  OperatorPage: {
    title: FEATURE_NAMES.OperatorPage,
    disappears: 'Пропадут список операторов и страницы операторов; ссылки на них будут вести на «Страница не найдена».',
  },
  OperatorsByRegionMap: {
    title: FEATURE_NAMES.OperatorsByRegionMap,
    disappears: 'Пропадёт карта операторов по регионам (/operators/map) и ссылка на неё.',
  },
  Goskey: {
    title: 'Подпись заявления в Госключе',
    disappears:
      'Заявление на перенос снова будет подаваться с согласием-галочкой, без подписи в Госключе; начатые подписания перестанут учитываться. Уже поданные подписанные заявления и их подписи останутся.',
  },
};
