import { ComingSoon } from '../components/coming-soon';
import { Page } from '../components/page';

interface Placeholder {
  title: string;
  description: string;
  lead?: string;
  text: string;
  links: { to: string; label: string }[];
}

/** Routes whose capability arrives in a later change: an honest Russian note and a way onward, never a broken page. */
const placeholders: Record<string, Placeholder> = {
  portation: {
    title: 'Перенос номера',
    description: 'Перенесите мобильный номер к другому оператору онлайн: заявление в три шага через Госуслуги.',
    lead: 'Сохраните свой номер и смените оператора: заявление в три шага.',
    text: 'Онлайн-заявление на перенос номера готовится к запуску. Правила переноса и сроки описаны на странице «О переносе».',
    links: [
      { to: '/about', label: 'О переносе номера' },
      { to: '/faq', label: 'Вопросы и ответы' },
    ],
  },
  'portation-init': {
    title: 'Заявление на перенос: шаг 1',
    description: 'Первый шаг заявления на перенос номера: укажите номер.',
    lead: 'Шаг 1 из 3: номер, который вы хотите перенести.',
    text: 'Первый шаг заявления — проверка номера и выбор нового оператора — скоро будет доступен.',
    links: [{ to: '/about', label: 'О переносе номера' }],
  },
  'portation-tariffs': {
    title: 'Заявление на перенос: шаг 2',
    description: 'Второй шаг заявления на перенос номера: выбор тарифа нового оператора.',
    lead: 'Шаг 2 из 3: тариф нового оператора.',
    text: 'Выбор тарифа нового оператора появится вместе с онлайн-заявлением.',
    links: [{ to: '/portation', label: 'К заявлению' }],
  },
  'portation-submit': {
    title: 'Заявление на перенос: шаг 3',
    description: 'Третий шаг заявления на перенос номера: проверка данных и отправка.',
    lead: 'Шаг 3 из 3: проверка данных и отправка заявления.',
    text: 'Отправка заявления появится вместе с онлайн-заявлением.',
    links: [{ to: '/portation', label: 'К заявлению' }],
  },
  'portation-order': {
    title: 'Заявление отправлено',
    description: 'Заявление на перенос номера принято.',
    lead: 'Статус заявления можно отслеживать в личном кабинете.',
    text: 'Страница подтверждения заявления появится вместе с онлайн-заявлением.',
    links: [{ to: '/account', label: 'Личный кабинет' }],
  },
};

/** The page of a route still in preparation. */
export function PlaceholderPage({ name }: { name: string }) {
  const p = placeholders[name];
  if (!p) throw new Error(`No placeholder for ${name}`);
  return (
    <Page title={p.title} description={p.description} lead={p.lead}>
      <ComingSoon links={p.links}>{p.text}</ComingSoon>
    </Page>
  );
}
