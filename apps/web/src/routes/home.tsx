import { Alert, Button } from '@mantine/core';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { type Feature, useFeature } from '../features/settings';
import classes from './home.module.css';

interface Step {
  title: string;
  text: string;
}

const STEPS: Step[] = [
  {
    title: 'Проверьте номер',
    text: 'Узнайте, какой оператор сейчас обслуживает номер и к какому региону он относится.',
  },
  {
    title: 'Выберите тариф',
    text: 'Сравните тарифы операторов своего региона и выберите нового оператора.',
  },
  {
    title: 'Подайте заявление',
    text: 'Три шага онлайн: номер, тариф и проверка данных. Личность подтверждается входом через Госуслуги.',
  },
  {
    title: 'Дождитесь переноса',
    text: 'В выбранную дату номер переключится ночью. Следите за статусом заявления в личном кабинете.',
  },
];

interface Rule {
  badge: string;
  title: string;
  text: string;
}

const RULES: Rule[] = [
  {
    badge: 'Сроки',
    title: 'От 8 дней до 6 месяцев',
    text: 'Дату переноса выбираете вы: не раньше чем через 8 дней после заявления и не позже чем через 6 месяцев.',
  },
  {
    badge: 'Повторно',
    title: 'Не чаще раза в 60 дней',
    text: 'Снова перенести тот же номер можно не раньше чем через 60 дней после предыдущего переноса.',
  },
  {
    badge: 'Регион',
    title: 'Только в своём регионе',
    text: 'Номер переносится в пределах своего субъекта России и остаётся мобильным.',
  },
  {
    badge: 'Стоимость',
    title: 'Бесплатно или до 100 ₽',
    text: 'Закон ограничивает плату за перенос суммой 100 ₽, а часть операторов не берёт её вовсе.',
  },
];

interface Section {
  to: string;
  /** The card shows only while this feature is on. */
  feature?: Feature;
  title: string;
  text: string;
}

const SECTIONS: Section[] = [
  {
    to: '/tariffs',
    title: 'Тарифы',
    text: 'Тарифы операторов в вашем регионе: цена, минуты, SMS и интернет.',
  },
  {
    to: '/operators',
    feature: 'OperatorPage',
    title: 'Операторы',
    text: 'Операторы с собственной сетью и виртуальные операторы, к которым можно перейти.',
  },
  {
    to: '/about',
    title: 'О переносе номера',
    text: 'Условия, документы, сроки, причины отказа и законы о переносе — подробно.',
  },
  {
    to: '/faq',
    title: 'Вопросы и ответы',
    text: 'Короткие ответы на частые вопросы о переносе и о работе сайта.',
  },
];

export default function HomePage() {
  const portationOn = useFeature('Portation');
  const operatorsOn = useFeature('OperatorPage');
  const sections = SECTIONS.filter((s) => s.feature !== 'OperatorPage' || operatorsOn);
  return (
    <Page
      title="Смена оператора с сохранением номера"
      description="Перенесите мобильный номер к другому оператору: проверка номера, тарифы вашего региона и онлайн-заявление в три шага через Госуслуги. Сроки и правила."
      heading="Перенесите номер к другому оператору"
      lead="Смените оператора и сохраните свой номер. Проверьте номер, подберите тариф и подайте заявление онлайн — а перенос мы покажем по шагам в личном кабинете."
    >
      <Group gap="sm">
        {portationOn && (
          <Button component={Link} to="/portation/init" size="md">
            Перенести номер
          </Button>
        )}
        <Button component={Link} to="/check" size="md" variant="light">
          Проверить номер
        </Button>
      </Group>

      <section id="kak-eto-rabotaet">
        <Stack gap="md">
          <Title order={2}>Как это работает</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {STEPS.map((step, index) => (
              <Card key={step.title} withBorder padding="lg" radius="md" className={classes.card}>
                <span className={classes.number} aria-hidden>
                  {index + 1}
                </span>
                <h3 className={classes.title}>{step.title}</h3>
                <p className={classes.text}>{step.text}</p>
              </Card>
            ))}
          </SimpleGrid>
          <Alert variant="light" title="Заявление подают новому оператору">
            Старому оператору ничего писать не нужно: он получит запрос через базу перенесённых номеров и сам проверит
            договор и задолженность. До даты переноса ваша SIM-карта работает как обычно.
          </Alert>
        </Stack>
      </section>

      <section id="pravila">
        <Stack gap="md">
          <Title order={2}>Главные правила</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {RULES.map((rule) => (
              <Card key={rule.title} withBorder padding="lg" radius="md" className={classes.rule}>
                <Badge variant="light">{rule.badge}</Badge>
                <h3 className={classes.title}>{rule.title}</h3>
                <p className={classes.text}>{rule.text}</p>
              </Card>
            ))}
          </SimpleGrid>
          <Text>
            Ещё два условия: номер должен быть оформлен на вас, а долг перед нынешним оператором — погашен. Подробнее —
            в разделе{' '}
            <Anchor component={Link} to="/about#usloviya">
              «Условия переноса»
            </Anchor>
            .
          </Text>
        </Stack>
      </section>

      <section id="razdely">
        <Stack gap="md">
          <Title order={2}>Что ещё есть на сайте</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {sections.map((section) => (
              <Card
                key={section.to}
                withBorder
                padding="lg"
                radius="md"
                component={Link}
                to={section.to}
                className={classes.section}
              >
                <p className={classes.sectionName}>{section.title}</p>
                <p className={classes.text}>{section.text}</p>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </section>
    </Page>
  );
}
