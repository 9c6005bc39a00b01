import { Button, Group, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../components/page';

/** What went wrong, in Russian, for a failed page load; the technical message never reaches the visitor. */
export function describeRouteError(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Страница не найдена', text: 'Такой страницы нет: возможно, адрес набран с ошибкой.' };
  }
  const message = error instanceof Error ? error.message : '';
  // A new release replaces the page files; a tab opened before it asks for ones that are gone.
  if (/dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i.test(message)) {
    return {
      title: 'Страница не загрузилась',
      text: 'Не удалось загрузить страницу: возможно, пропала связь или сайт обновился. Обновите страницу.',
    };
  }
  return {
    title: 'Что-то пошло не так',
    text: 'Страница не смогла открыться из-за ошибки. Попробуйте обновить страницу или вернитесь на главную.',
  };
}

/** The router's error element: a Russian page with a way back instead of React Router's English default. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { title, text } = describeRouteError(error);
  return (
    <Page title={title} description={text} size="md">
      <Text size="lg">{text}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
        {/* A full load of the front page: the router itself may be what failed. */}
        <Button component="a" href="/" variant="light">
          На главную
        </Button>
      </Group>
    </Page>
  );
}
