import { Alert, Button, Code } from '@mantine/core';
import { Link, useSearchParams } from 'wouter';
import { Page } from '../components/page';
import { Group, Text } from '../components/plain';

/** The server-error page: names the address that failed (only when it is on this site) and offers a retry. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const raw = params.get('url') ?? '';
  // Only a path of this site is shown as a link, so the page cannot send anyone elsewhere.
  const url = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '';
  return (
    <Page title="Ошибка сервера" description="Сервер не смог выполнить запрос." size="md">
      <Alert color="red" title="Сервер не смог выполнить запрос">
        <Text>Мы уже знаем о проблеме. Попробуйте повторить через несколько минут.</Text>
        {url && (
          <Text mt="xs">
            Адрес: <Code>{url}</Code>
          </Text>
        )}
      </Alert>
      <Group>
        {url && (
          <Button component="a" href={url}>
            Повторить
          </Button>
        )}
        <Button component={Link} to="/" variant="light">
          На главную
        </Button>
      </Group>
    </Page>
  );
}
