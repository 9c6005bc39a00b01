/**
 * The federal subjects every installation needs. Pure data, so the seed, the registry importer and
 * the tests share one source.
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
