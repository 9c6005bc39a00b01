import { Button, List, ThemeIcon } from '@mantine/core';
import { PORT_AGAIN_AFTER } from '@perenos/porting-rules/states';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';

const STEPS = [
  {
    title: 'Номер',
    text: 'Введите номер: мы покажем его оператора и регион и проверим, можно ли его перенести. Вход не нужен.',
  },
  {
    title: 'Новый оператор и тариф',
    text: 'Сравните тарифы других операторов вашего региона и посмотрите, сколько сэкономите в месяц.',
  },
  {
    title: 'Заявление',
    text: 'Войдите через Госуслуги, выберите дату переноса и подпишите заявление — данные паспорта подставятся сами.',
  },
];

/** What porting is, its rules in short, and the way into the wizard. */
export default function PortationPage() {
  return (
    <Page
      title="Перенос номера к другому оператору"
      description="Перенесите мобильный номер к другому оператору онлайн: заявление в три шага через Госуслуги."
      heading="Перенос номера"
      lead="Смените оператора и сохраните свой номер: заявление онлайн в три шага."
    >
      <Group>
        <Button component={Link} to="/portation/init" size="lg">
          Начать
        </Button>
        <Text c="dimmed" size="sm">
          Первый шаг — без входа; подписать заявление нужно через Госуслуги.
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {STEPS.map((s, i) => (
          <Card key={s.title} withBorder padding="lg">
            <Stack gap="xs">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon radius="xl" size="lg" variant="light">
                  {i + 1}
                </ThemeIcon>
                <Title order={2} size="h4">
                  {s.title}
                </Title>
              </Group>
              <Text size="sm">{s.text}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Stack gap="sm">
        <Title order={2} size="h3">
          Что такое перенос номера
        </Title>
        <Text>
          Перенос номера — переход к другому оператору мобильной связи с сохранением номера телефона. Заявление
          принимает новый оператор, проверяет центральная база данных перенесённых номеров (БДПН), а прежний оператор
          (оператор-донор) проверяет паспорт владельца договора и задолженность.
        </Text>
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          Правила коротко
        </Title>
        <List spacing="xs">
          <List.Item>Переносится мобильный номер российского оператора, в пределах своего региона.</List.Item>
          <List.Item>
            Дату переноса выбираете вы: не раньше чем через 8 дней и не позже чем через 6 месяцев после заявления.
          </List.Item>
          <List.Item>
            Номер переходит ночью в выбранную дату, с 00:00 до 06:00 по Москве; связь прервётся ненадолго.
          </List.Item>
          <List.Item>{PORT_AGAIN_AFTER}</List.Item>
          <List.Item>
            Заявление подаёт владелец договора; задолженность у прежнего оператора нужно погасить — иначе он откажет.
          </List.Item>
          <List.Item>Пока окно переноса не назначено, заявление можно отозвать.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Подробнее — на странице{' '}
          <Anchor component={Link} to="/about">
            «О переносе номера»
          </Anchor>{' '}
          и в{' '}
          <Anchor component={Link} to="/faq">
            вопросах и ответах
          </Anchor>
          .
        </Text>
      </Stack>

      <Group>
        <Button component={Link} to="/portation/init" size="md">
          Начать перенос
        </Button>
      </Group>
    </Page>
  );
}
