/**
 * The recipients' offices of the demo: where a subscriber picks up the new operator's SIM. Two made-up
 * addresses in each region's administrative centre for every operator that works there. Invented
 * data, marked as such on the page; a real installation loads the operators' own office lists.
 */

/** The administrative centre of each federal subject (by its ФНС code). */
// biome-ignore format: one subject a line reads as a table.
const CENTRES: Readonly<Record<number, string>> = {
  1: 'Майкоп', 2: 'Уфа', 3: 'Улан-Удэ', 4: 'Горно-Алтайск', 5: 'Махачкала', 6: 'Магас', 7: 'Нальчик',
  8: 'Элиста', 9: 'Черкесск', 10: 'Петрозаводск', 11: 'Сыктывкар', 12: 'Йошкар-Ола', 13: 'Саранск',
  14: 'Якутск', 15: 'Владикавказ', 16: 'Казань', 17: 'Кызыл', 18: 'Ижевск', 19: 'Абакан', 20: 'Грозный',
  21: 'Чебоксары', 22: 'Барнаул', 23: 'Краснодар', 24: 'Красноярск', 25: 'Владивосток', 26: 'Ставрополь',
  27: 'Хабаровск', 28: 'Благовещенск', 29: 'Архангельск', 30: 'Астрахань', 31: 'Белгород', 32: 'Брянск',
  33: 'Владимир', 34: 'Волгоград', 35: 'Вологда', 36: 'Воронеж', 37: 'Иваново', 38: 'Иркутск',
  39: 'Калининград', 40: 'Калуга', 41: 'Петропавловск-Камчатский', 42: 'Кемерово', 43: 'Киров',
  44: 'Кострома', 45: 'Курган', 46: 'Курск', 47: 'Гатчина', 48: 'Липецк', 49: 'Магадан', 50: 'Красногорск',
  51: 'Мурманск', 52: 'Нижний Новгород', 53: 'Великий Новгород', 54: 'Новосибирск', 55: 'Омск',
  56: 'Оренбург', 57: 'Орёл', 58: 'Пенза', 59: 'Пермь', 60: 'Псков', 61: 'Ростов-на-Дону', 62: 'Рязань',
  63: 'Самара', 64: 'Саратов', 65: 'Южно-Сахалинск', 66: 'Екатеринбург', 67: 'Смоленск', 68: 'Тамбов',
  69: 'Тверь', 70: 'Томск', 71: 'Тула', 72: 'Тюмень', 73: 'Ульяновск', 74: 'Челябинск', 75: 'Чита',
  76: 'Ярославль', 77: 'Москва', 78: 'Санкт-Петербург', 79: 'Биробиджан', 83: 'Нарьян-Мар',
  86: 'Ханты-Мансийск', 87: 'Анадырь', 89: 'Салехард', 90: 'Мелитополь', 91: 'Симферополь',
  92: 'Севастополь', 93: 'Донецк', 94: 'Луганск', 95: 'Геническ',
};

const STREETS = [
  'ул. Ленина',
  'просп. Мира',
  'ул. Советская',
  'ул. Гагарина',
  'ул. Пушкина',
  'ул. Садовая',
  'ул. Молодёжная',
  'просп. Победы',
];

export interface DemoOffice {
  id: string;
  operatorId: number;
  regionCode: number;
  name: string;
  address: string;
  hours: string;
}

/** Two offices of an operator in a region, the same every time they are made. */
export function demoOffices(operator: { id: number; slug: string; name: string }, regionCode: number): DemoOffice[] {
  const city = CENTRES[regionCode] ?? 'административный центр региона';
  const seed = [...operator.slug].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9973, regionCode);
  return [0, 1].map((n) => {
    const street = STREETS[(seed + n * 3) % STREETS.length];
    const house = ((seed * (n + 7)) % 120) + 1;
    return {
      id: `${operator.slug}-${regionCode}-${n + 1}`,
      operatorId: operator.id,
      regionCode,
      name: n === 0 ? `Салон связи «${operator.name}»` : `Салон связи «${operator.name}» (ТЦ)`,
      address: `г. ${city}, ${street}, д. ${house}`,
      hours: n === 0 ? 'пн–пт 9:00–20:00, сб–вс 10:00–18:00' : 'ежедневно 10:00–22:00',
    };
  });
}
