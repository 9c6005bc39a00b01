import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Group, Text } from '../components/plain';
import { useNotFoundSignal } from '../lib/not-found-signal';

export default function NotFoundPage() {
  useNotFoundSignal();
  return (
    <Page title="Страница не найдена" description="Такой страницы на сайте нет." size="md">
      <Text size="lg">
        Такой страницы нет: возможно, адрес набран с ошибкой или страница была удалена. Код ошибки — 404.
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
