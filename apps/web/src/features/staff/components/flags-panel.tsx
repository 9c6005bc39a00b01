import { Alert, Button, Modal, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { getStaffFlagsQueryOptions, type StaffFeature, staffMessage, useSwitchFlag } from '../api';

/** The site's features, each with a switch that first says what visitors lose. */
export function FlagsPanel() {
  const flags = useQuery(getStaffFlagsQueryOptions());
  const change = useSwitchFlag();
  const [asked, setAsked] = useState<StaffFeature | null>(null);
  if (!flags.data) return <QueryState isPending={flags.isPending} error={flags.error} />;
  const confirm = () => {
    if (!asked) return;
    change.mutate(
      { feature: asked.feature, isEnabled: !asked.isEnabled },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Раздел «${asked.title}» ${asked.isEnabled ? 'выключен' : 'включён'}. Все серверы сайта узнают об этом за 2 секунды.`,
          });
          setAsked(null);
        },
      },
    );
  };
  return (
    <Stack>
      <Text>Выключенный раздел пропадает с сайта у всех посетителей; его ссылки исчезают из меню.</Text>
      {flags.data.map((f) => (
        <Card key={f.feature} withBorder padding="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Text fw={600}>{f.title}</Text>
              <Text size="sm" c="dimmed">
                {f.isEnabled ? 'Включён' : 'Выключен'} · {f.feature}
              </Text>
            </Stack>
            <Switch
              checked={f.isEnabled}
              onChange={() => setAsked(f)}
              aria-label={`${f.title}: ${f.isEnabled ? 'выключить' : 'включить'}`}
              size="lg"
            />
          </Group>
        </Card>
      ))}
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={asked ? `${asked.isEnabled ? 'Выключить' : 'Включить'} раздел «${asked.title}»?` : ''}
        closeButtonProps={{ 'aria-label': 'Закрыть' }}
      >
        {asked && (
          <Stack>
            {asked.isEnabled ? (
              <Alert color="orange" title="Что пропадёт с сайта">
                {asked.disappears}
              </Alert>
            ) : (
              <Text>Раздел снова появится на сайте и в меню у всех посетителей.</Text>
            )}
            {change.error && (
              <Alert color="red" title="Не получилось">
                {staffMessage(change.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)}>
                Отмена
              </Button>
              <Button color={asked.isEnabled ? 'red' : 'green'} loading={change.isPending} onClick={confirm}>
                {asked.isEnabled ? 'Выключить' : 'Включить'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
