import { Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Page } from '../components/page';
import { Group, Text } from '../components/plain';

/** What went wrong, in Russian, for a failed page load; the technical message never reaches the visitor. */
export function describeRouteError(error: unknown): { title: string; text: string } {
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

/** A page that failed to load or to draw: a Russian page with a way back. */
export function RouteErrorPage({ error }: { error: unknown }) {
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

interface BoundaryProps {
  /** The address drawn: a new one clears the error, so the visitor can navigate away from it. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a page throws while loading or drawing and shows {@link RouteErrorPage} in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Страница не открылась', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
