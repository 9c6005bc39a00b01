// The region a browser's time zone most likely means: the zone's largest city's region.
const BY_TIME_ZONE: Record<string, string> = {
  'Europe/Moscow': 'moskva',
  'Europe/Simferopol': 'krym',
  'Europe/Kaliningrad': 'kaliningradskaya-oblast',
  'Europe/Samara': 'samarskaya-oblast',
  'Europe/Volgograd': 'volgogradskaya-oblast',
  'Europe/Saratov': 'saratovskaya-oblast',
  'Europe/Ulyanovsk': 'ulyanovskaya-oblast',
  'Europe/Astrakhan': 'astrahanskaya-oblast',
  'Europe/Kirov': 'kirovskaya-oblast',
  'Asia/Yekaterinburg': 'sverdlovskaya-oblast',
  'Asia/Omsk': 'omskaya-oblast',
  'Asia/Novosibirsk': 'novosibirskaya-oblast',
  'Asia/Barnaul': 'altayskiy-kray',
  'Asia/Tomsk': 'tomskaya-oblast',
  'Asia/Novokuznetsk': 'kemerovskaya-oblast',
  'Asia/Krasnoyarsk': 'krasnoyarskiy-kray',
  'Asia/Irkutsk': 'irkutskaya-oblast',
  'Asia/Chita': 'zabaykalskiy-kray',
  'Asia/Yakutsk': 'yakutiya',
  'Asia/Vladivostok': 'primorskiy-kray',
  'Asia/Magadan': 'magadanskaya-oblast',
  'Asia/Sakhalin': 'sahalinskaya-oblast',
  'Asia/Kamchatka': 'kamchatskiy-kray',
};

/**
 * The region to offer on /tariffs without one: the one chosen last on this device, else the one the
 * browser's time zone points to, else Moscow (the most visitors); only a slug the site knows.
 */
export function likelyRegion(
  known: readonly string[],
  remembered: string | null,
  timeZone: string | undefined,
): string | null {
  for (const slug of [remembered, timeZone ? BY_TIME_ZONE[timeZone] : undefined, 'moskva']) {
    if (slug && known.includes(slug)) return slug;
  }
  return known[0] ?? null;
}

/** The browser's IANA time zone, if it tells. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
