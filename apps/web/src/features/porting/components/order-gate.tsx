import { Alert, Button } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/page';
import { Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { getPortationOrderQueryOptions, type PortationOrder, takeEndedHere } from '../api';
import { applicationTitle } from '../status';

/** An order that is nobody's here (or another citizen's): the same answer as a page that does not exist. */
export function OrderNotFound() {
  return (
    <Page title="Заявление не найдено" description="Такого заявления на перенос нет." size="md">
      <Text size="lg">
        Заявления с таким номером нет среди ваших: возможно, адрес набран с ошибкой или заявление подано с другой
        учётной записи Госуслуг.
      </Text>
      <Group>
        <Button component={Link} to="/portation/init">
          Новое заявление
        </Button>
        <Button component={Link} to="/account" variant="light">
          Личный кабинет
        </Button>
      </Group>
    </Page>
  );
}

/** A step of the wizard opened for an order that can no longer be edited: where it is now. */
function NotEditable({ order }: { order: PortationOrder }) {
  const submitted = order.status === 'PendingBDPN' || order.status === 'Done';
  const alert = useRef<HTMLDivElement>(null);
  // Deleted from this very step a moment ago: the page goes to its top, where what happened is said, and the
  // focus with it — not left scrolled down where the button was, over a blank page (issue 36).
  useEffect(() => {
    if (!takeEndedHere(order.id)) return;
    window.scrollTo({ top: 0 });
    alert.current?.focus({ preventScroll: true });
  }, [order.id]);
  return (
    <Page title={applicationTitle(order.id)} description="Заявление на перенос номера." size="md">
      <Alert
        ref={alert}
        tabIndex={-1}
        color={submitted ? 'blue' : 'gray'}
        title={submitted ? 'Заявление уже отправлено' : 'Заявление удалено'}
        data-testid="order-not-editable"
      >
        <Stack gap="sm">
          <Text size="sm">
            {submitted
              ? 'Изменить его нельзя: следите за переносом на странице заявления.'
              : (order.reason ?? 'Это заявление больше не действует.')}
          </Text>
          <Group>
            {submitted ? (
              <Button component={Link} to={`/portation/${order.id}/done`}>
                К заявлению
              </Button>
            ) : (
              <Button component={Link} to="/portation/init">
                Подать новое заявление
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    </Page>
  );
}

interface OrderGateProps {
  id: number | undefined;
  withPersonal?: boolean;
  /** Title of the page while the order loads. */
  title: string;
  /** Draws a step only for an order still being filled in (Initialized); true lets any status through. */
  anyStatus?: boolean;
  children: (order: PortationOrder) => ReactNode;
}

/** Loads the order of the URL, and stands for the page while it loads, is not found or is past this step. */
export function OrderGate({ id, withPersonal = false, title, anyStatus = false, children }: OrderGateProps) {
  const query = useQuery({ ...getPortationOrderQueryOptions(id ?? 0, withPersonal), enabled: id !== undefined });
  if (id === undefined) return <OrderNotFound />;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <OrderNotFound />;
  }
  if (!query.data) {
    return (
      <Page title={title} description="Заявление на перенос номера." size="md">
        <QueryState isPending={query.isPending} error={query.error} />
      </Page>
    );
  }
  if (!anyStatus && query.data.status !== 'Initialized') return <NotEditable order={query.data} />;
  return <>{children(query.data)}</>;
}
