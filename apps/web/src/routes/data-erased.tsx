import { Button, List } from '@mantine/core';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Card, Group, Stack, Text, Title } from '../components/plain';
import { ERASED_DONE, KEPT_AFTER_ERASURE } from '../features/account';

/**
 * Where «Удалить мои данные» ends (issue 36): a page of its own, not a grey toast on the front page — what
 * was deleted, what stays and for how long (docs/privacy.md), and that the person is signed out. The same
 * words for everyone, so the page is kept like any public one; it names nobody.
 */
export default function DataErasedPage() {
  return (
    <Page
      title="Ваши данные удалены"
      description="Что удалено после «Удалить мои данные», что осталось и сколько хранится."
      heading="Ваши данные удалены"
      lead="Вы вышли с сайта на всех устройствах. Подтверждение придёт письмом на почту из Госуслуг."
      size="md"
    >
      <Card withBorder padding="lg" component="section" aria-labelledby="erased-title" data-testid="data-erased">
        <Stack gap="sm">
          <Title order={2} size="h3" id="erased-title">
            Что удалено
          </Title>
          <List spacing={4}>
            {ERASED_DONE.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="kept-title" data-testid="data-kept">
        <Stack gap="sm">
          <Title order={2} size="h3" id="kept-title">
            Что осталось и сколько хранится
          </Title>
          <List spacing="xs">
            {KEPT_AFTER_ERASURE.map((k) => (
              <List.Item key={k.what}>
                <Text span fw={600}>
                  {k.what}:
                </Text>{' '}
                {k.how}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Text>
        Войти снова можно в любой момент через Госуслуги — вы начнёте как новый пользователь, без прежних номеров,
        заявлений и оповещений.
      </Text>
      <Group>
        <Button component={Link} to="/">
          На главную
        </Button>
        <Button component={Link} to="/check" variant="light">
          Проверить номер
        </Button>
      </Group>
    </Page>
  );
}
