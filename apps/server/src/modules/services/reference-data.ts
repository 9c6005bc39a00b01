/** The services tariffs may include: pure data the seed loads and the tests check. */

export interface ServiceSeed {
  id: number;
  slug: string;
  name: string;
  description: string;
}

/** Subscriptions that tariffs include. */
export const mediaServices: readonly ServiceSeed[] = [
  {
    id: 1,
    slug: 'kion',
    name: 'KION',
    description: 'Онлайн-кинотеатр МТС с фильмами, сериалами и собственными проектами.',
  },
  {
    id: 2,
    slug: 'mts-premium',
    name: 'МТС Premium',
    description: 'Пакетная подписка МТС: онлайн-кинотеатр KION, музыка и другие сервисы экосистемы.',
  },
  {
    id: 3,
    slug: 'okko',
    name: 'Okko',
    description: 'Онлайн-кинотеатр с фильмами, сериалами и спортивными трансляциями.',
  },
  {
    id: 4,
    slug: 'ivi',
    name: 'Иви',
    description: 'Онлайн-кинотеатр с российскими и зарубежными фильмами, сериалами и мультфильмами.',
  },
  {
    id: 5,
    slug: 'kinopoisk',
    name: 'Кинопоиск',
    description: 'Онлайн-кинотеатр Яндекса с фильмами, сериалами и оригинальными проектами.',
  },
  {
    id: 6,
    slug: 'yandex-plus',
    name: 'Яндекс Плюс',
    description: 'Подписка Яндекса: музыка, фильмы и сериалы на Кинопоиске и кешбэк баллами в сервисах Яндекса.',
  },
  {
    id: 7,
    slug: 'vk-music',
    name: 'VK Музыка',
    description: 'Музыкальный сервис VK: прослушивание без рекламы и в фоновом режиме.',
  },
  {
    id: 8,
    slug: 'wink',
    name: 'Wink',
    description: 'Видеосервис «Ростелекома»: телеканалы, фильмы и сериалы на телевизоре, смартфоне и компьютере.',
  },
  {
    id: 9,
    slug: 'sberprime',
    name: 'СберПрайм',
    description: 'Подписка Сбера: онлайн-кинотеатр Okko, музыкальный сервис Звук и привилегии в сервисах экосистемы.',
  },
  {
    id: 10,
    slug: 'litres',
    name: 'Литрес',
    description: 'Электронные и аудиокниги для чтения и прослушивания на любом устройстве.',
  },
  {
    id: 11,
    slug: 'start',
    name: 'START',
    description: 'Онлайн-кинотеатр с российскими сериалами и фильмами, в том числе собственного производства.',
  },
];

/** Home services sold together with a mobile tariff. */
export const convergenceServices: readonly ServiceSeed[] = [
  {
    id: 1,
    slug: 'home-internet',
    name: 'Домашний интернет',
    description: 'Проводной доступ в интернет по оптоволокну в квартире или частном доме.',
  },
  {
    id: 2,
    slug: 'tv',
    name: 'Телевидение',
    description: 'Цифровое телевидение: пакеты телеканалов через приставку или приложение для Smart TV.',
  },
  {
    id: 3,
    slug: 'home-phone',
    name: 'Домашний телефон',
    description: 'Фиксированная телефонная линия с городским номером.',
  },
  {
    id: 4,
    slug: 'video-surveillance',
    name: 'Видеонаблюдение',
    description: 'Камеры с записью в облако и просмотром изображения в приложении.',
  },
  {
    id: 5,
    slug: 'smart-home',
    name: 'Умный дом',
    description: 'Датчики, умные розетки и охранные устройства, которыми управляют из приложения.',
  },
  {
    id: 6,
    slug: 'wifi-router',
    name: 'Wi-Fi-роутер',
    description: 'Роутер оператора в аренду или рассрочку на время действия тарифа.',
  },
];
