/**
 * Reference data every installation needs: the federal subjects, the mobile operators with their
 * registry legal names, and the services tariffs may include. Pure data and pure functions, so the
 * seed, the registry importer and the tests share one source.
 */

export interface RegionSeed {
  code: number;
  slug: string;
  name: string;
  shortName: string;
  federalDistrict: string;
  /** tile-grid map position for a later map of Russia: column and row, roughly geographic (west→east, north→south), no two regions on the same cell */
  gridX: number;
  gridY: number;
}

/**
 * All 89 federal subjects, keyed by the ФНС «коды субъектов Российской Федерации» (the first two
 * digits of an INN or KPP). The subjects admitted in 2022 have 90 (Запорожская область),
 * 93 (ДНР), 94 (ЛНР) and 95 (Херсонская область) in the ФНС list «Коды субъектов Российской
 * Федерации и иных территорий» as amended by Приказ ФНС России от 28.10.2022 № ЕД-7-21/988@;
 * the numbering registry agrees (ГУП ДНР «РОС» has INN 93…, ООО «МКС» in the LNR has 94…).
 * Code 99 (г. Байконур) is one of the «иные территории» on that list, not a subject, so it is left
 * out. The four 2022 subjects are counted in the Южный federal district.
 *
 * The grid is a tile map, not a projection: European Russia is widened so every subject gets a
 * square, the empty cells in the north stand for the White Sea and the Urals.
 */
// biome-ignore format: one line per subject keeps the list readable as a table.
export const regions: readonly RegionSeed[] = [
  { code: 1, slug: 'adygeya', name: 'Республика Адыгея', shortName: 'Адыгея', federalDistrict: 'Южный', gridX: 2, gridY: 11 },
  { code: 2, slug: 'bashkortostan', name: 'Республика Башкортостан', shortName: 'Башкортостан', federalDistrict: 'Приволжский', gridX: 8, gridY: 4 },
  { code: 3, slug: 'buryatiya', name: 'Республика Бурятия', shortName: 'Бурятия', federalDistrict: 'Дальневосточный', gridX: 14, gridY: 3 },
  { code: 4, slug: 'altay', name: 'Республика Алтай', shortName: 'Республика Алтай', federalDistrict: 'Сибирский', gridX: 12, gridY: 6 },
  { code: 5, slug: 'dagestan', name: 'Республика Дагестан', shortName: 'Дагестан', federalDistrict: 'Северо-Кавказский', gridX: 5, gridY: 10 },
  { code: 6, slug: 'ingushetiya', name: 'Республика Ингушетия', shortName: 'Ингушетия', federalDistrict: 'Северо-Кавказский', gridX: 5, gridY: 12 },
  { code: 7, slug: 'kabardino-balkariya', name: 'Кабардино-Балкарская Республика', shortName: 'Кабардино-Балкария', federalDistrict: 'Северо-Кавказский', gridX: 4, gridY: 11 },
  { code: 8, slug: 'kalmykiya', name: 'Республика Калмыкия', shortName: 'Калмыкия', federalDistrict: 'Южный', gridX: 4, gridY: 9 },
  { code: 9, slug: 'karachaevo-cherkesiya', name: 'Карачаево-Черкесская Республика', shortName: 'Карачаево-Черкесия', federalDistrict: 'Северо-Кавказский', gridX: 3, gridY: 11 },
  { code: 10, slug: 'kareliya', name: 'Республика Карелия', shortName: 'Карелия', federalDistrict: 'Северо-Западный', gridX: 4, gridY: 1 },
  { code: 11, slug: 'komi', name: 'Республика Коми', shortName: 'Коми', federalDistrict: 'Северо-Западный', gridX: 7, gridY: 2 },
  { code: 12, slug: 'mariy-el', name: 'Республика Марий Эл', shortName: 'Марий Эл', federalDistrict: 'Приволжский', gridX: 6, gridY: 3 },
  { code: 13, slug: 'mordoviya', name: 'Республика Мордовия', shortName: 'Мордовия', federalDistrict: 'Приволжский', gridX: 5, gridY: 5 },
  { code: 14, slug: 'yakutiya', name: 'Республика Саха (Якутия)', shortName: 'Якутия', federalDistrict: 'Дальневосточный', gridX: 15, gridY: 1 },
  { code: 15, slug: 'severnaya-osetiya', name: 'Республика Северная Осетия — Алания', shortName: 'Северная Осетия', federalDistrict: 'Северо-Кавказский', gridX: 4, gridY: 12 },
  { code: 16, slug: 'tatarstan', name: 'Республика Татарстан', shortName: 'Татарстан', federalDistrict: 'Приволжский', gridX: 7, gridY: 4 },
  { code: 17, slug: 'tyva', name: 'Республика Тыва', shortName: 'Тыва', federalDistrict: 'Сибирский', gridX: 13, gridY: 4 },
  { code: 18, slug: 'udmurtiya', name: 'Удмуртская Республика', shortName: 'Удмуртия', federalDistrict: 'Приволжский', gridX: 7, gridY: 3 },
  { code: 19, slug: 'hakasiya', name: 'Республика Хакасия', shortName: 'Хакасия', federalDistrict: 'Сибирский', gridX: 13, gridY: 3 },
  { code: 20, slug: 'chechnya', name: 'Чеченская Республика', shortName: 'Чечня', federalDistrict: 'Северо-Кавказский', gridX: 5, gridY: 11 },
  { code: 21, slug: 'chuvashiya', name: 'Чувашская Республика — Чувашия', shortName: 'Чувашия', federalDistrict: 'Приволжский', gridX: 6, gridY: 4 },
  { code: 22, slug: 'altayskiy-kray', name: 'Алтайский край', shortName: 'Алтайский край', federalDistrict: 'Сибирский', gridX: 12, gridY: 5 },
  { code: 23, slug: 'krasnodarskiy-kray', name: 'Краснодарский край', shortName: 'Краснодарский край', federalDistrict: 'Южный', gridX: 2, gridY: 10 },
  { code: 24, slug: 'krasnoyarskiy-kray', name: 'Красноярский край', shortName: 'Красноярский край', federalDistrict: 'Сибирский', gridX: 13, gridY: 2 },
  { code: 25, slug: 'primorskiy-kray', name: 'Приморский край', shortName: 'Приморье', federalDistrict: 'Дальневосточный', gridX: 17, gridY: 3 },
  { code: 26, slug: 'stavropolskiy-kray', name: 'Ставропольский край', shortName: 'Ставропольский край', federalDistrict: 'Северо-Кавказский', gridX: 3, gridY: 10 },
  { code: 27, slug: 'habarovskiy-kray', name: 'Хабаровский край', shortName: 'Хабаровский край', federalDistrict: 'Дальневосточный', gridX: 16, gridY: 2 },
  { code: 28, slug: 'amurskaya-oblast', name: 'Амурская область', shortName: 'Амурская обл.', federalDistrict: 'Дальневосточный', gridX: 15, gridY: 2 },
  { code: 29, slug: 'arhangelskaya-oblast', name: 'Архангельская область', shortName: 'Архангельская обл.', federalDistrict: 'Северо-Западный', gridX: 6, gridY: 1 },
  { code: 30, slug: 'astrahanskaya-oblast', name: 'Астраханская область', shortName: 'Астраханская обл.', federalDistrict: 'Южный', gridX: 5, gridY: 9 },
  { code: 31, slug: 'belgorodskaya-oblast', name: 'Белгородская область', shortName: 'Белгородская обл.', federalDistrict: 'Центральный', gridX: 1, gridY: 7 },
  { code: 32, slug: 'bryanskaya-oblast', name: 'Брянская область', shortName: 'Брянская обл.', federalDistrict: 'Центральный', gridX: 1, gridY: 5 },
  { code: 33, slug: 'vladimirskaya-oblast', name: 'Владимирская область', shortName: 'Владимирская обл.', federalDistrict: 'Центральный', gridX: 4, gridY: 5 },
  { code: 34, slug: 'volgogradskaya-oblast', name: 'Волгоградская область', shortName: 'Волгоградская обл.', federalDistrict: 'Южный', gridX: 4, gridY: 8 },
  { code: 35, slug: 'vologodskaya-oblast', name: 'Вологодская область', shortName: 'Вологодская обл.', federalDistrict: 'Северо-Западный', gridX: 5, gridY: 2 },
  { code: 36, slug: 'voronezhskaya-oblast', name: 'Воронежская область', shortName: 'Воронежская обл.', federalDistrict: 'Центральный', gridX: 3, gridY: 8 },
  { code: 37, slug: 'ivanovskaya-oblast', name: 'Ивановская область', shortName: 'Ивановская обл.', federalDistrict: 'Центральный', gridX: 4, gridY: 4 },
  { code: 38, slug: 'irkutskaya-oblast', name: 'Иркутская область', shortName: 'Иркутская обл.', federalDistrict: 'Сибирский', gridX: 14, gridY: 2 },
  { code: 39, slug: 'kaliningradskaya-oblast', name: 'Калининградская область', shortName: 'Калининградская обл.', federalDistrict: 'Северо-Западный', gridX: 0, gridY: 4 },
  { code: 40, slug: 'kaluzhskaya-oblast', name: 'Калужская область', shortName: 'Калужская обл.', federalDistrict: 'Центральный', gridX: 2, gridY: 5 },
  { code: 41, slug: 'kamchatskiy-kray', name: 'Камчатский край', shortName: 'Камчатка', federalDistrict: 'Дальневосточный', gridX: 17, gridY: 1 },
  { code: 42, slug: 'kemerovskaya-oblast', name: 'Кемеровская область — Кузбасс', shortName: 'Кузбасс', federalDistrict: 'Сибирский', gridX: 12, gridY: 3 },
  { code: 43, slug: 'kirovskaya-oblast', name: 'Кировская область', shortName: 'Кировская обл.', federalDistrict: 'Приволжский', gridX: 6, gridY: 2 },
  { code: 44, slug: 'kostromskaya-oblast', name: 'Костромская область', shortName: 'Костромская обл.', federalDistrict: 'Центральный', gridX: 5, gridY: 3 },
  { code: 45, slug: 'kurganskaya-oblast', name: 'Курганская область', shortName: 'Курганская обл.', federalDistrict: 'Уральский', gridX: 10, gridY: 4 },
  { code: 46, slug: 'kurskaya-oblast', name: 'Курская область', shortName: 'Курская обл.', federalDistrict: 'Центральный', gridX: 1, gridY: 6 },
  { code: 47, slug: 'leningradskaya-oblast', name: 'Ленинградская область', shortName: 'Ленинградская обл.', federalDistrict: 'Северо-Западный', gridX: 3, gridY: 2 },
  { code: 48, slug: 'lipetskaya-oblast', name: 'Липецкая область', shortName: 'Липецкая обл.', federalDistrict: 'Центральный', gridX: 3, gridY: 7 },
  { code: 49, slug: 'magadanskaya-oblast', name: 'Магаданская область', shortName: 'Магаданская обл.', federalDistrict: 'Дальневосточный', gridX: 16, gridY: 1 },
  { code: 50, slug: 'moskovskaya-oblast', name: 'Московская область', shortName: 'Московская обл.', federalDistrict: 'Центральный', gridX: 3, gridY: 4 },
  { code: 51, slug: 'murmanskaya-oblast', name: 'Мурманская область', shortName: 'Мурманская обл.', federalDistrict: 'Северо-Западный', gridX: 4, gridY: 0 },
  { code: 52, slug: 'nizhegorodskaya-oblast', name: 'Нижегородская область', shortName: 'Нижегородская обл.', federalDistrict: 'Приволжский', gridX: 5, gridY: 4 },
  { code: 53, slug: 'novgorodskaya-oblast', name: 'Новгородская область', shortName: 'Новгородская обл.', federalDistrict: 'Северо-Западный', gridX: 2, gridY: 3 },
  { code: 54, slug: 'novosibirskaya-oblast', name: 'Новосибирская область', shortName: 'Новосибирская обл.', federalDistrict: 'Сибирский', gridX: 12, gridY: 4 },
  { code: 55, slug: 'omskaya-oblast', name: 'Омская область', shortName: 'Омская обл.', federalDistrict: 'Сибирский', gridX: 11, gridY: 4 },
  { code: 56, slug: 'orenburgskaya-oblast', name: 'Оренбургская область', shortName: 'Оренбургская обл.', federalDistrict: 'Приволжский', gridX: 8, gridY: 5 },
  { code: 57, slug: 'orlovskaya-oblast', name: 'Орловская область', shortName: 'Орловская обл.', federalDistrict: 'Центральный', gridX: 2, gridY: 6 },
  { code: 58, slug: 'penzenskaya-oblast', name: 'Пензенская область', shortName: 'Пензенская обл.', federalDistrict: 'Приволжский', gridX: 5, gridY: 6 },
  { code: 59, slug: 'permskiy-kray', name: 'Пермский край', shortName: 'Пермский край', federalDistrict: 'Приволжский', gridX: 8, gridY: 3 },
  { code: 60, slug: 'pskovskaya-oblast', name: 'Псковская область', shortName: 'Псковская обл.', federalDistrict: 'Северо-Западный', gridX: 1, gridY: 3 },
  { code: 61, slug: 'rostovskaya-oblast', name: 'Ростовская область', shortName: 'Ростовская обл.', federalDistrict: 'Южный', gridX: 3, gridY: 9 },
  { code: 62, slug: 'ryazanskaya-oblast', name: 'Рязанская область', shortName: 'Рязанская обл.', federalDistrict: 'Центральный', gridX: 4, gridY: 6 },
  { code: 63, slug: 'samarskaya-oblast', name: 'Самарская область', shortName: 'Самарская обл.', federalDistrict: 'Приволжский', gridX: 7, gridY: 5 },
  { code: 64, slug: 'saratovskaya-oblast', name: 'Саратовская область', shortName: 'Саратовская обл.', federalDistrict: 'Приволжский', gridX: 5, gridY: 7 },
  { code: 65, slug: 'sahalinskaya-oblast', name: 'Сахалинская область', shortName: 'Сахалин', federalDistrict: 'Дальневосточный', gridX: 17, gridY: 2 },
  { code: 66, slug: 'sverdlovskaya-oblast', name: 'Свердловская область', shortName: 'Свердловская обл.', federalDistrict: 'Уральский', gridX: 9, gridY: 3 },
  { code: 67, slug: 'smolenskaya-oblast', name: 'Смоленская область', shortName: 'Смоленская обл.', federalDistrict: 'Центральный', gridX: 2, gridY: 4 },
  { code: 68, slug: 'tambovskaya-oblast', name: 'Тамбовская область', shortName: 'Тамбовская обл.', federalDistrict: 'Центральный', gridX: 4, gridY: 7 },
  { code: 69, slug: 'tverskaya-oblast', name: 'Тверская область', shortName: 'Тверская обл.', federalDistrict: 'Центральный', gridX: 3, gridY: 3 },
  { code: 70, slug: 'tomskaya-oblast', name: 'Томская область', shortName: 'Томская обл.', federalDistrict: 'Сибирский', gridX: 11, gridY: 3 },
  { code: 71, slug: 'tulskaya-oblast', name: 'Тульская область', shortName: 'Тульская обл.', federalDistrict: 'Центральный', gridX: 3, gridY: 6 },
  { code: 72, slug: 'tyumenskaya-oblast', name: 'Тюменская область', shortName: 'Тюменская обл.', federalDistrict: 'Уральский', gridX: 10, gridY: 3 },
  { code: 73, slug: 'ulyanovskaya-oblast', name: 'Ульяновская область', shortName: 'Ульяновская обл.', federalDistrict: 'Приволжский', gridX: 6, gridY: 5 },
  { code: 74, slug: 'chelyabinskaya-oblast', name: 'Челябинская область', shortName: 'Челябинская обл.', federalDistrict: 'Уральский', gridX: 9, gridY: 4 },
  { code: 75, slug: 'zabaykalskiy-kray', name: 'Забайкальский край', shortName: 'Забайкальский край', federalDistrict: 'Дальневосточный', gridX: 15, gridY: 3 },
  { code: 76, slug: 'yaroslavskaya-oblast', name: 'Ярославская область', shortName: 'Ярославская обл.', federalDistrict: 'Центральный', gridX: 4, gridY: 3 },
  { code: 77, slug: 'moskva', name: 'г. Москва', shortName: 'Москва', federalDistrict: 'Центральный', gridX: 3, gridY: 5 },
  { code: 78, slug: 'sankt-peterburg', name: 'г. Санкт-Петербург', shortName: 'Санкт-Петербург', federalDistrict: 'Северо-Западный', gridX: 2, gridY: 2 },
  { code: 79, slug: 'evreyskaya-ao', name: 'Еврейская автономная область', shortName: 'Еврейская АО', federalDistrict: 'Дальневосточный', gridX: 16, gridY: 3 },
  { code: 83, slug: 'nenetskiy-ao', name: 'Ненецкий автономный округ', shortName: 'НАО', federalDistrict: 'Северо-Западный', gridX: 7, gridY: 1 },
  { code: 86, slug: 'hanty-mansiyskiy-ao', name: 'Ханты-Мансийский автономный округ — Югра', shortName: 'ХМАО — Югра', federalDistrict: 'Уральский', gridX: 9, gridY: 2 },
  { code: 87, slug: 'chukotskiy-ao', name: 'Чукотский автономный округ', shortName: 'Чукотка', federalDistrict: 'Дальневосточный', gridX: 17, gridY: 0 },
  { code: 89, slug: 'yamalo-nenetskiy-ao', name: 'Ямало-Ненецкий автономный округ', shortName: 'ЯНАО', federalDistrict: 'Уральский', gridX: 9, gridY: 1 },
  { code: 90, slug: 'zaporozhskaya-oblast', name: 'Запорожская область', shortName: 'Запорожская обл.', federalDistrict: 'Южный', gridX: 1, gridY: 9 },
  { code: 91, slug: 'krym', name: 'Республика Крым', shortName: 'Крым', federalDistrict: 'Южный', gridX: 1, gridY: 10 },
  { code: 92, slug: 'sevastopol', name: 'г. Севастополь', shortName: 'Севастополь', federalDistrict: 'Южный', gridX: 0, gridY: 10 },
  { code: 93, slug: 'dnr', name: 'Донецкая Народная Республика', shortName: 'ДНР', federalDistrict: 'Южный', gridX: 2, gridY: 9 },
  { code: 94, slug: 'lnr', name: 'Луганская Народная Республика', shortName: 'ЛНР', federalDistrict: 'Южный', gridX: 2, gridY: 8 },
  { code: 95, slug: 'hersonskaya-oblast', name: 'Херсонская область', shortName: 'Херсонская обл.', federalDistrict: 'Южный', gridX: 0, gridY: 9 },
];

export interface OperatorSeed {
  slug: string;
  name: string;
  /** registry legal names exactly as spelled in the numbering registry, all known spellings */
  legalNames: readonly string[];
  inn: string;
  /** Official site; empty where no official address could be confirmed, so none is invented. */
  site: string;
  /** #rrggbb brand colour */
  color: string;
  kind: 'MNO' | 'MVNO';
  /** 2–4 accurate Russian sentences */
  description: string;
}

/**
 * The brands behind the numbering registry (Минцифры, DEF-9xx.csv): every holder of about 40 or more
 * ranges in the 2026 file, plus the regional networks of Crimea and the DNR. Legal names and INNs are
 * copied from the 2026 and 2023 files. МИНЦИФРЫ РОССИИ also holds ranges there, but as a reserve, not
 * as an operator, so it is not listed.
 */
export const operators: readonly OperatorSeed[] = [
  {
    slug: 'mts',
    name: 'МТС',
    legalNames: ['ПАО "МТС"', 'ПАО "Мобильные ТелеСистемы"'],
    inn: '7740000076',
    site: 'https://mts.ru',
    color: '#e30611',
    kind: 'MNO',
    description:
      'Крупнейший оператор мобильной связи России по числу абонентов, работает под брендом МТС с 1993 года. Сеть охватывает большинство регионов страны. Помимо связи компания развивает цифровые сервисы: онлайн-кинотеатр KION, МТС Music и МТС Банк.',
  },
  {
    slug: 'megafon',
    name: 'МегаФон',
    legalNames: ['ПАО "МЕГАФОН"', 'ПАО "МегаФон"'],
    inn: '7812014560',
    site: 'https://megafon.ru',
    color: '#00b956',
    kind: 'MNO',
    description:
      'Один из операторов «большой четвёрки», основан в 1993 году в Санкт-Петербурге. Обслуживает абонентов во всех федеральных округах России. В группу МегаФон входит оператор Yota.',
  },
  {
    slug: 'beeline',
    name: 'Билайн',
    legalNames: ['ПАО "ВЫМПЕЛКОМ"', 'ПАО "Вымпел-Коммуникации"'],
    inn: '7713076301',
    site: 'https://beeline.ru',
    color: '#ffd200',
    kind: 'MNO',
    description:
      'Бренд ПАО «ВымпелКом», одного из операторов «большой четвёрки». Сеть Билайн работает с 1993 года и охватывает большинство регионов России. Помимо мобильной связи оператор предоставляет домашний интернет и телевидение.',
  },
  {
    slug: 't2',
    name: 'Т2',
    // АО «Теле2-Санкт-Петербург» (INN 7815020097) held the brand's Petersburg ranges in 2023.
    legalNames: ['ООО "Т2 Мобайл"', 'ООО "Т2 МОБАЙЛ"', 'АО "Теле2-Санкт-Петербург"'],
    inn: '7743895280',
    site: 'https://t2.ru',
    color: '#1f2229',
    kind: 'MNO',
    description:
      'Федеральный оператор мобильной связи, до 2024 года работавший под брендом Tele2. Входит в группу «Ростелеком». На сети Т2 работают и многие виртуальные операторы, например СберМобайл, Т-Мобайл и ВТБ Мобайл.',
  },
  {
    slug: 'yota',
    name: 'Yota',
    legalNames: ['ООО "Скартел"', 'ООО "СКАРТЕЛ"'],
    inn: '7701725181',
    site: 'https://www.yota.ru',
    color: '#00aeef',
    kind: 'MNO',
    description:
      'Оператор мобильной связи из группы МегаФон, работающий на её сети. Известен тарифами, которые абонент собирает сам, отдельно выбирая минуты и гигабайты.',
  },
  {
    slug: 'motiv',
    name: 'Мотив',
    legalNames: ['ООО "ЕКАТЕРИНБУРГ-2000"'],
    inn: '6661079603',
    site: 'https://motivtelecom.ru',
    color: '#e4007c',
    kind: 'MNO',
    description:
      'Региональный оператор мобильной связи под брендом «Мотив». Работает в Свердловской, Курганской и Тюменской областях, Ханты-Мансийском и Ямало-Ненецком автономных округах.',
  },
  {
    slug: 'sbermobile',
    name: 'СберМобайл',
    legalNames: ['ООО "СБЕРБАНК-ТЕЛЕКОМ"', 'ООО "Сбербанк-Телеком"'],
    inn: '7736264044',
    site: 'https://sbermobile.ru',
    color: '#21a038',
    kind: 'MVNO',
    description:
      'Виртуальный оператор экосистемы Сбера, работающий на сети Т2. Связь можно оплачивать и настраивать в СберБанк Онлайн, а тарифы дополняются привилегиями сервисов Сбера.',
  },
  {
    slug: 't-mobile',
    name: 'Т-Мобайл',
    legalNames: ['ООО "Т-МОБ"', 'ООО "Тинькофф Мобайл"'],
    inn: '7743200179',
    site: 'https://www.tbank.ru/mobile-operator/',
    color: '#ffdd2d',
    kind: 'MVNO',
    description:
      'Виртуальный оператор Т-Банка, до 2024 года назывался «Тинькофф Мобайл». Работает на сети Т2 с 2017 года. Тариф собирается из минут, гигабайтов и опций в приложении банка.',
  },
  {
    slug: 'rostelecom',
    name: 'Ростелеком',
    legalNames: ['ПАО "Ростелеком"', 'ПАО "РОСТЕЛЕКОМ"'],
    inn: '7707049388',
    site: 'https://rt.ru',
    color: '#7700ff',
    kind: 'MVNO',
    description:
      'Крупнейший в России провайдер цифровых услуг: домашний интернет, видеосервис Wink и телефония. Мобильную связь под своим брендом оказывает на сети Т2, которая входит в группу «Ростелеком».',
  },
  {
    slug: 'win-mobile',
    name: 'Win mobile',
    legalNames: ['ООО "К-ТЕЛЕКОМ"', 'ООО "К-телеком"'],
    inn: '2308210371',
    site: 'https://winmobile.ru',
    color: '#ff5a00',
    kind: 'MNO',
    description:
      'Оператор мобильной связи, работающий под брендом Win mobile в Республике Крым и Севастополе. По реестру Минцифры располагает номерной ёмкостью также в Донецкой и Луганской Народных Республиках, Запорожской и Херсонской областях.',
  },
  {
    slug: 'volna',
    name: 'Волна мобайл',
    legalNames: ['ООО "КТК ТЕЛЕКОМ"'],
    inn: '7718999159',
    site: 'https://volnamobile.ru',
    color: '#0067b1',
    kind: 'MNO',
    description:
      'Оператор мобильной связи в Республике Крым и Севастополе, работающий под брендом «Волна мобайл». Предоставляет голосовую связь и мобильный интернет.',
  },
  {
    slug: 'phoenix',
    name: 'Феникс',
    legalNames: [
      'ГОСУДАРСТВЕННОЕ УНИТАРНОЕ ПРЕДПРИЯТИЕ ДОНЕЦКОЙ НАРОДНОЙ РЕСПУБЛИКИ «РЕСПУБЛИКАНСКИЙ ОПЕРАТОР СВЯЗИ»',
      'ГУП ДНР "РОС"',
    ],
    inn: '9308013351',
    site: '',
    color: '#f26522',
    kind: 'MNO',
    description:
      'Государственный оператор мобильной связи Донецкой Народной Республики, работающий под брендом «Феникс» с 2015 года. Основной оператор мобильной связи республики.',
  },
  {
    slug: 'vtb-mobile',
    name: 'ВТБ Мобайл',
    legalNames: ['ООО "ВТБ МОБАЙЛ"', 'ООО "ВТБ Мобайл"'],
    inn: '9705121882',
    site: 'https://vtbmobile.ru',
    color: '#0a2896',
    kind: 'MVNO',
    description:
      'Виртуальный оператор мобильной связи группы ВТБ. Работает на сети Т2 и ориентирован прежде всего на клиентов банка.',
  },
  {
    slug: 'gazprom-telecom',
    name: 'Газпром телеком',
    legalNames: ['ООО "ГАЗПРОМ ТЕЛЕКОМ"', 'ООО "Газпром телеком"'],
    inn: '7740000020',
    site: '',
    color: '#0079c2',
    kind: 'MVNO',
    description:
      'Оператор связи группы «Газпром», обслуживающий предприятия группы и корпоративных клиентов. По реестру Минцифры располагает номерной ёмкостью мобильной связи во многих регионах России.',
  },
  {
    slug: 'alfa-mobile',
    name: 'Альфа-Мобайл',
    legalNames: ['ООО "АЛЬФА-МОБАЙЛ"'],
    inn: '9725152215',
    site: 'https://alfabank.ru',
    color: '#ef3124',
    kind: 'MVNO',
    description:
      'Виртуальный оператор мобильной связи Альфа-Банка. По реестру Минцифры располагает номерной ёмкостью во многих регионах России.',
  },
  {
    slug: 'mtt',
    name: 'МТТ',
    legalNames: ['АО "МТТ"', 'ОАО "МТТ"'],
    inn: '7705017253',
    site: 'https://www.mtt.ru',
    color: '#005bac',
    kind: 'MVNO',
    description:
      'АО «МТТ» (Межрегиональный ТранзитТелеком) — оператор междугородной и международной связи. Предоставляет бизнесу телефонные номера и облачную телефонию, а также платформу для запуска виртуальных операторов мобильной связи.',
  },
  {
    slug: 'miranda-media',
    name: 'Миранда-медиа',
    legalNames: ['ООО "МИРАНДА-МЕДИА"', 'ООО "Миранда-медиа"'],
    inn: '7702527584',
    site: 'https://miranda-media.ru',
    color: '#0096d6',
    kind: 'MNO',
    description:
      'Телекоммуникационная компания, построившая магистральную сеть связи Крыма после 2014 года. По реестру Минцифры располагает номерной ёмкостью мобильной связи в Донецкой и Луганской Народных Республиках и в Крыму.',
  },
  {
    slug: 'ttk',
    name: 'ТТК',
    // ООО «ТТК-Связь» (INN 7709362765) holds part of the ranges for the same brand.
    legalNames: ['АО "КОМПАНИЯ ТРАНСТЕЛЕКОМ"', 'АО "Компания ТрансТелеКом"', 'ООО "ТТК-СВЯЗЬ"', 'ООО "ТТК-Связь"'],
    inn: '7709219099',
    site: 'https://ttk.ru',
    color: '#d71920',
    kind: 'MVNO',
    description:
      'Телекоммуникационная компания группы РЖД, один из крупнейших магистральных операторов России. Предоставляет домашний интернет и телевидение, а мобильную связь — по модели виртуального оператора.',
  },
  {
    slug: 'express-mobile',
    name: 'Экспресс Мобайл',
    legalNames: ['ООО "ЭКСПРЕСС МОБАЙЛ"'],
    inn: '6163225548',
    site: '',
    color: '#6d28d9',
    kind: 'MVNO',
    description:
      'Оператор связи из Ростова-на-Дону. По реестру Минцифры располагает номерной ёмкостью мобильной связи во многих регионах России, больше всего — в Ростовской области.',
  },
  {
    slug: 'bezlimit',
    name: 'Безлимит',
    legalNames: ['ООО "БЕЗЛИМИТ"'],
    inn: '9725007063',
    site: 'https://bezlimit.ru',
    color: '#ff7a00',
    kind: 'MVNO',
    description:
      'Виртуальный оператор мобильной связи, известный продажей «красивых» номеров. Большая часть его номерной ёмкости по реестру Минцифры выделена в Москве и Московской области.',
  },
  {
    slug: 'glonass',
    name: 'ГЛОНАСС',
    legalNames: ['АО "ГЛОНАСС"'],
    inn: '7703383783',
    site: 'https://aoglonass.ru',
    color: '#1d4f91',
    kind: 'MVNO',
    description:
      'Оператор государственной системы экстренного реагирования при авариях «ЭРА-ГЛОНАСС». Номера из его диапазонов используются в автомобильных устройствах вызова экстренных служб и в устройствах интернета вещей.',
  },
  {
    slug: 'global-telecom',
    name: 'Глобал Телеком',
    legalNames: ['ООО "ГЛОБАЛ ТЕЛЕКОМ"', 'ООО "Глобал Телеком"'],
    inn: '7723635005',
    site: '',
    color: '#475569',
    kind: 'MVNO',
    description:
      'Оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи во многих регионах России. Тарифы и условия обслуживания уточняйте у оператора.',
  },
  {
    slug: 'internod',
    name: 'Интернод',
    legalNames: ['ООО "ИНТЕРНОД"', 'ООО "Интернод"'],
    inn: '7733808377',
    site: '',
    color: '#0f766e',
    kind: 'MVNO',
    description:
      'Оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи, преимущественно в Москве и Московской области. Тарифы и условия обслуживания уточняйте у оператора.',
  },
  {
    slug: 'tve-telecom',
    name: 'ТВЕ-Телеком',
    legalNames: ['ООО "ТВЕ-ТЕЛЕКОМ"'],
    inn: '9710027740',
    site: '',
    color: '#7c3aed',
    kind: 'MVNO',
    description:
      'Оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи во многих регионах России. Тарифы и условия обслуживания уточняйте у оператора.',
  },
  {
    slug: 'miatel',
    name: 'МиАТел',
    legalNames: ['ООО "МИАТЕЛ"', 'ООО "МиАТел"'],
    inn: '7841482919',
    site: 'https://miatel.ru',
    color: '#0284c7',
    kind: 'MVNO',
    description:
      'Петербургский оператор связи для бизнеса: виртуальная АТС, телефонные номера и мобильная связь для корпоративных клиентов. Номерная ёмкость по реестру Минцифры выделена прежде всего в Санкт-Петербурге, Ленинградской области и Москве.',
  },
  {
    slug: 'mcn-telecom',
    name: 'МСН Телеком',
    legalNames: ['ООО "МСН ТЕЛЕКОМ"', 'ООО "МСН Телеком"'],
    inn: '7727752084',
    site: 'https://www.mcn.ru',
    color: '#dc2626',
    kind: 'MVNO',
    description:
      'Московский оператор связи для бизнеса (MCN Telecom): виртуальная АТС, телефонные номера и мобильная связь для компаний. По реестру Минцифры располагает номерной ёмкостью во многих регионах России.',
  },
  {
    slug: 'sprint',
    name: 'Спринт',
    legalNames: ['ООО "СПРИНТ"', 'ООО "Спринт"'],
    inn: '7723613650',
    site: '',
    color: '#65a30d',
    kind: 'MVNO',
    description:
      'Оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи, преимущественно в Москве и Московской области. Тарифы и условия обслуживания уточняйте у оператора.',
  },
  {
    slug: 'nmk',
    name: 'НМК',
    legalNames: ['ООО "НМК"', 'ООО "Новые мобильные коммуникации"'],
    inn: '7727443720',
    site: '',
    color: '#b45309',
    kind: 'MVNO',
    description:
      'ООО «НМК» («Новые мобильные коммуникации») — оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи во многих регионах России. Тарифы и условия обслуживания уточняйте у оператора.',
  },
  {
    slug: 'moy-operator',
    name: 'Мой оператор',
    legalNames: ['ООО "МОЙ ОПЕРАТОР"'],
    inn: '9722028932',
    site: '',
    color: '#db2777',
    kind: 'MVNO',
    description:
      'Оператор связи, которому по реестру Минцифры выделена номерная ёмкость мобильной связи в нескольких десятках регионов России. Тарифы и условия обслуживания уточняйте у оператора.',
  },
];

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
