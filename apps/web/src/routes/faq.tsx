import { Button, List } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Anchor, Group, Stack, Text, Title } from '../components/plain';
import { STATUS_LABELS, statusName } from '../features/porting';
import { useCurrentUrl } from '../lib/location';
import classes from './faq.module.css';

interface Question {
  /** Slug: the answer's id and the `#hash` that opens it. */
  value: string;
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  id: string;
  title: string;
  questions: Question[];
}

const GROUPS: FaqGroup[] = [
  {
    id: 'obshchie',
    title: 'Общие вопросы',
    questions: [
      {
        value: 'chto-takoe-mnp',
        question: 'Что такое перенос номера (MNP)?',
        answer: (
          <>
            Это смена мобильного оператора с сохранением своего номера. Такое право есть у всех абонентов в России с
            1 декабря 2013 года. Подробно о порядке — на странице{' '}
            <Anchor component={Link} to="/about">
              «О переносе номера»
            </Anchor>
            .
          </>
        ),
      },
      {
        value: 'kuda-podavat-zayavlenie',
        question: 'Куда подавать заявление — старому или новому оператору?',
        answer:
          'Новому. Заявление принимает оператор, к которому вы переходите: в салоне связи, на его сайте или у нас онлайн. Прежний оператор получит запрос через базу перенесённых номеров и сам проверит долг и данные договора.',
      },
      {
        value: 'drugoy-region',
        question: 'Можно ли перенести номер в другой регион?',
        answer: (
          <>
            Нет. Номер переносится только в пределах своего региона — субъекта России, к которому он относится. Регион
            номера можно узнать на странице{' '}
            <Anchor component={Link} to="/check">
              «Проверка номера»
            </Anchor>
            .
          </>
        ),
      },
      {
        value: 'gorodskoy-nomer',
        question: 'Можно ли перенести городской номер?',
        answer:
          'Нет: переносятся только мобильные номера, и мобильный номер после переноса остаётся мобильным. Городской номер к мобильному оператору так не перенести.',
      },
      {
        value: 'balans',
        question: 'Что будет с деньгами на счёте у прежнего оператора?',
        answer:
          'К новому оператору они сами не перейдут. После переноса подайте прежнему оператору заявление на возврат остатка — деньги вернут за вычетом задолженности, если она есть.',
      },
      {
        value: 'tarif-i-uslugi',
        question: 'Сохранятся ли тариф, пакеты и подписки?',
        answer:
          'Нет, переносится только номер. Тариф вы выбираете у нового оператора, а пакеты, бонусы и подписки прежнего оператора прекращаются вместе с договором. Платные подписки лучше отключить заранее.',
      },
    ],
  },
  {
    id: 'sroki-i-stoimost',
    title: 'Сроки и стоимость',
    questions: [
      {
        value: 'skolko-dlitsya',
        question: 'Сколько длится перенос?',
        answer:
          'Не меньше 8 дней с подачи заявления. Дату вы выбираете сами — от 8 дней до 6 месяцев после заявления. Наш мастер заявления по умолчанию предлагает самую раннюю дату, её можно сдвинуть.',
      },
      {
        value: 'svyaz-vo-vremya-perenosa',
        question: 'Останусь ли я без связи?',
        answer:
          'Почти нет. До даты переноса работает старая SIM-карта. Сам номер переключается ночью, перерыв связи обычно не больше получаса. После переноса вставьте SIM-карту нового оператора.',
      },
      {
        value: 'kak-chasto',
        question: 'Как часто можно менять оператора?',
        answer:
          'Сколько угодно раз, но не чаще раза в 60 дней: следующий перенос того же номера возможен не раньше чем через 60 дней после предыдущего.',
      },
      {
        value: 'stoimost',
        question: 'Сколько стоит перенос?',
        answer:
          'Плату за перенос берёт новый оператор, и по закону она не может быть больше 100 ₽. Часть операторов переносит номер бесплатно. Дальше вы платите за связь по тарифу нового оператора.',
      },
    ],
  },
  {
    id: 'dokumenty-i-otkaz',
    title: 'Документы и отказ',
    questions: [
      {
        value: 'dokumenty',
        question: 'Какие документы нужны?',
        answer:
          'Паспорт владельца номера — тот, по которому оформлен договор. Представителю нужна нотариальная доверенность, организации — письмо на бланке и доверенность на сотрудника. Для заявления на нашем сайте паспорт не понадобится: данные подставятся из Госуслуг.',
      },
      {
        value: 'nomer-na-rodstvennika',
        question: 'Номер оформлен на родственника. Можно ли его перенести?',
        answer:
          'Перенести номер может только владелец договора — сам или через представителя по нотариальной доверенности. Другой путь — сначала переоформить номер на себя у нынешнего оператора, а потом подать заявление.',
      },
      {
        value: 'smena-pasporta',
        question: 'Я поменял паспорт. Это помешает переносу?',
        answer:
          'Может помешать: данные в заявлении должны совпадать с данными в договоре. Перед подачей заявления обновите паспортные данные у нынешнего оператора.',
      },
      {
        value: 'prichiny-otkaza',
        question: 'Почему могут отказать в переносе?',
        answer: (
          <>
            Чаще всего из-за долга перед прежним оператором, расхождения ФИО или паспортных данных с договором,
            блокировки номера или если номер оформлен на другого человека. Откажут и тогда, когда номер из другого
            региона или с прошлого переноса не прошло 60 дней. Устраните причину и подайте заявление снова —{' '}
            <Anchor component={Link} to="/about#otkaz">
              подробнее об отказах
            </Anchor>
            .
          </>
        ),
      },
      {
        value: 'otmena',
        question: 'Как отменить перенос?',
        answer: `Заявление, поданное на этом сайте, отзывается кнопкой «Отозвать заявление» на его странице, пока БДПН не назначила окно переноса — обычно в течение нескольких часов после отправки. Номер останется у прежнего оператора, а заявление получит статус «${STATUS_LABELS.Deleted}». Когда окно назначено, отозвать заявление уже нельзя.`,
      },
      {
        value: 'schet-posle-perenosa',
        question: 'После переноса прежний оператор прислал счёт. Что делать?',
        answer:
          'Оплатите его: это плата за связь до дня переноса. Пока долг не погашен, новый оператор может приостановить обслуживание номера.',
      },
    ],
  },
  {
    id: 'sayt-i-kabinet',
    title: 'Сайт и личный кабинет',
    questions: [
      {
        value: 'vhod-cherez-gosuslugi',
        question: 'Зачем входить через Госуслуги?',
        answer:
          'Заявление на перенос — это договор с новым оператором, поэтому нужно подтвердить личность. Вход через Госуслуги (ЕСИА) делает это онлайн, а паспортные данные подставляются из вашей учётной записи. Проверять номера и смотреть тарифы можно без входа.',
      },
      {
        value: 'zayavlenie-na-sayte',
        question: 'Как подать заявление на сайте?',
        answer: (
          <Stack gap="sm">
            <List type="ordered" spacing={4}>
              <List.Item>Укажите номер, который хотите перенести, — вход для этого не нужен.</List.Item>
              <List.Item>Выберите тариф нового оператора — на этом шаге войдите через Госуслуги.</List.Item>
              <List.Item>Проверьте личные данные из Госуслуг и отправьте заявление.</List.Item>
            </List>
            <Group>
              <Button component={Link} to="/portation/init" size="sm">
                Перенести номер
              </Button>
            </Group>
          </Stack>
        ),
      },
      {
        value: 'statusy',
        question: 'Где следить за переносом и что значат статусы?',
        answer: (
          <>
            В{' '}
            <Anchor component={Link} to="/account">
              личном кабинете
            </Anchor>
            . «{STATUS_LABELS.Initialized}» — заявление начато, но не отправлено; «{STATUS_LABELS.PendingBDPN}» — его
            проверяют база перенесённых номеров (БДПН) и прежний оператор; «{STATUS_LABELS.Done}» — номер обслуживает
            новый оператор; «{STATUS_LABELS.Deleted}» — перенос не состоится, а если отказал прежний оператор или БДПН —
            «{statusName('Deleted', 'donor-rejected')}» или «{statusName('Deleted', 'rejected')}». Подробнее — на
            странице{' '}
            <Anchor component={Link} to="/about#kak-perenesti">
              «О переносе номера»
            </Anchor>
            .
          </>
        ),
      },
      {
        value: 'limit-proverok',
        question: 'Сколько номеров можно проверить за день?',
        answer: (
          <>
            На странице{' '}
            <Anchor component={Link} to="/check">
              «Проверка номера»
            </Anchor>{' '}
            без входа доступно 20 проверок в сутки, после входа через Госуслуги — 200. Счётчик обнуляется в 00:00 по
            московскому времени.
          </>
        ),
      },
    ],
  },
];

const SLUGS = new Set(GROUPS.flatMap((group) => group.questions.map((q) => q.value)));

export default function FaqPage() {
  const { hash } = useCurrentUrl();
  const [opened, setOpened] = useState<string[]>([]);

  // A link to /faq#slug opens that answer; the scroll manager scrolls to it.
  useEffect(() => {
    const slug = hash.slice(1);
    if (SLUGS.has(slug)) setOpened((prev) => (prev.includes(slug) ? prev : [...prev, slug]));
  }, [hash]);

  return (
    <Page
      title="Вопросы и ответы"
      description="Ответы на частые вопросы о переносе мобильного номера: сроки и стоимость, документы, причины отказа, вход через Госуслуги и статусы заявления."
      lead="Коротко о главном в переносе номера и о работе сайта."
      size="md"
    >
      <nav aria-label="Разделы">
        <Group gap="xs">
          {GROUPS.map((group) => (
            <Button key={group.id} component={Link} to={`/faq#${group.id}`} variant="light" size="xs" radius="xl">
              {group.title}
            </Button>
          ))}
        </Group>
      </nav>

      {GROUPS.map((group) => (
        <section key={group.id} id={group.id}>
          <Stack gap="sm">
            <Title order={2}>{group.title}</Title>
            {/* The browser's own disclosure widgets: they open before the page's scripts run (decision 115). */}
            <div className={classes.questions}>
              {group.questions.map((q) => (
                <details
                  key={q.value}
                  id={q.value}
                  className={classes.item}
                  open={opened.includes(q.value)}
                  onToggle={(event) => {
                    const open = event.currentTarget.open;
                    setOpened((prev) =>
                      open === prev.includes(q.value)
                        ? prev
                        : open
                          ? [...prev, q.value]
                          : prev.filter((v) => v !== q.value),
                    );
                  }}
                >
                  <summary className={classes.control}>
                    <h3 className={classes.question}>{q.question}</h3>
                  </summary>
                  <div className={classes.answer}>{q.answer}</div>
                </details>
              ))}
            </div>
          </Stack>
        </section>
      ))}

      <Text>
        Не нашли ответ? Подробный разбор — на странице{' '}
        <Anchor component={Link} to="/about">
          «О переносе номера»
        </Anchor>
        , а задать вопрос можно на странице{' '}
        <Anchor component={Link} to="/contacts">
          «Контакты»
        </Anchor>
        .
      </Text>
    </Page>
  );
}
