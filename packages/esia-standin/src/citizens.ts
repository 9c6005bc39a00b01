/** A contact as ESIA lists it: MBT mobile or EML e-mail, verified or not. */
export interface StandinContact {
  type: 'MBT' | 'EML';
  value: string;
  verified: boolean;
}

/** A test citizen of the stand-in: what ESIA would know about a person. */
export interface StandinCitizen {
  oid: string;
  lastName: string;
  firstName: string;
  middleName: string;
  /** dd.MM.yyyy, as ESIA sends it. */
  birthDate: string;
  gender: 'M' | 'F';
  snils: string;
  passport: { series: string; number: string; issueDate: string; issuedBy: string; issueId: string };
  contacts: StandinContact[];
  /** Why this citizen is in the list: shown on the login page. */
  note: string;
}

const m = (value: string, verified = true): StandinContact => ({ type: 'MBT', value, verified });
const e = (value: string, verified = true): StandinContact => ({ type: 'EML', value, verified });

/** The people a developer can sign in as. Invented data: SNILS and passports are not real. */
export const STANDIN_CITIZENS: readonly StandinCitizen[] = [
  {
    oid: '1000000001',
    lastName: 'Иванов',
    firstName: 'Иван',
    middleName: 'Иванович',
    birthDate: '12.04.1985',
    gender: 'M',
    snils: '112-233-445 95',
    passport: {
      series: '4510',
      number: '123456',
      issueDate: '20.05.2015',
      issuedBy: 'ОВД Тверского района г. Москвы',
      issueId: '770-001',
    },
    contacts: [m('+7(916)1234567'), m('+7(903)7654321'), e('ivanov@example.ru')],
    note: 'Два подтверждённых номера, длинная история переносов',
  },
  {
    oid: '1000000002',
    lastName: 'Петрова',
    firstName: 'Анна',
    middleName: 'Сергеевна',
    birthDate: '03.09.1992',
    gender: 'F',
    snils: '123-456-789 64',
    passport: {
      series: '4012',
      number: '654321',
      issueDate: '15.10.2012',
      issuedBy: 'ТП №5 УФМС по г. Санкт-Петербургу',
      issueId: '780-005',
    },
    contacts: [m('+7(921)5550101'), e('anna.petrova@example.ru', false)],
    note: 'Электронная почта не подтверждена',
  },
  {
    oid: '1000000003',
    lastName: 'Сидоров',
    firstName: 'Пётр',
    middleName: 'Алексеевич',
    birthDate: '27.01.1978',
    gender: 'M',
    snils: '234-567-890 12',
    passport: {
      series: '4603',
      number: '112233',
      issueDate: '01.02.2003',
      issuedBy: 'ОВД г. Подольска Московской области',
      issueId: '502-010',
    },
    contacts: [m('+7(926)0001122', false), e('sidorov@example.ru')],
    note: 'Нет подтверждённого мобильного номера',
  },
  {
    oid: '1000000004',
    lastName: 'Кузнецова',
    firstName: 'Мария',
    middleName: 'Викторовна',
    birthDate: '18.11.1989',
    gender: 'F',
    snils: '345-678-901 23',
    passport: {
      series: '5209',
      number: '778899',
      issueDate: '05.12.2009',
      issuedBy: 'УФМС России по Новосибирской области',
      issueId: '540-001',
    },
    contacts: [m('+7(913)2223344'), m('+7(905)3334455'), m('+7(999)4445566'), e('maria.k@example.ru')],
    note: 'Три подтверждённых номера',
  },
  {
    oid: '1000000005',
    lastName: 'Смирнов',
    firstName: 'Алексей',
    middleName: 'Дмитриевич',
    birthDate: '09.06.2000',
    gender: 'M',
    snils: '456-789-012 34',
    passport: {
      series: '6020',
      number: '334455',
      issueDate: '22.06.2020',
      issuedBy: 'ГУ МВД России по Ростовской области',
      issueId: '610-004',
    },
    contacts: [m('+7(928)6667788'), e('smirnov.a@example.ru')],
    note: 'Один номер, переносов ещё не было',
  },
  {
    oid: '1000000006',
    lastName: 'Фёдорова',
    firstName: 'Ольга',
    middleName: 'Николаевна',
    birthDate: '30.12.1965',
    gender: 'F',
    snils: '567-890-123 45',
    passport: {
      series: '9204',
      number: '556677',
      issueDate: '14.01.2011',
      issuedBy: 'ОУФМС России по Республике Татарстан',
      issueId: '160-007',
    },
    contacts: [m('+7(917)8889900'), e('fedorova@example.ru')],
    note: 'Номер с заявкой в работе',
  },
  {
    oid: '1000000007',
    lastName: 'Ахмедов',
    firstName: 'Рустам',
    middleName: 'Маратович',
    birthDate: '21.03.1995',
    gender: 'M',
    snils: '678-901-234 56',
    passport: {
      series: '8215',
      number: '990011',
      issueDate: '02.04.2015',
      issuedBy: 'МВД по Республике Дагестан',
      issueId: '050-002',
    },
    contacts: [m('+7(988)1112233'), m('+7(964)2223344'), e('rustam@example.ru')],
    note: 'Два номера у разных операторов',
  },
  {
    oid: '1000000008',
    lastName: 'Долгова',
    firstName: 'Светлана',
    middleName: 'Игоревна',
    birthDate: '14.07.1987',
    gender: 'F',
    snils: '789-012-345 67',
    passport: {
      series: '3615',
      number: '246810',
      issueDate: '20.08.2015',
      issuedBy: 'ГУ МВД России по Самарской области',
      issueId: '630-002',
    },
    contacts: [m('+7(927)5551234'), e('dolgova@example.ru')],
    note: 'Долг у оператора: донор откажет в переносе',
  },
  {
    oid: '1000000009',
    lastName: 'Морозов',
    firstName: 'Дмитрий',
    middleName: 'Олегович',
    birthDate: '02.02.1980',
    gender: 'M',
    snils: '890-123-456 78',
    passport: {
      series: '4525',
      number: '113355',
      issueDate: '11.03.2025',
      issuedBy: 'ГУ МВД России по г. Москве',
      issueId: '770-045',
    },
    contacts: [m('+7(985)1112233'), e('morozov@example.ru')],
    note: 'Сменил паспорт, договор на старый: донор откажет',
  },
];

/** Full name as ESIA users see it. */
export function fullName(c: StandinCitizen): string {
  return `${c.lastName} ${c.firstName} ${c.middleName}`;
}
