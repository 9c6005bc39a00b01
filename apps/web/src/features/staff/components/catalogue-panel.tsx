import { Alert, Button, Checkbox, FileInput, List, Paper, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Group, SimpleGrid, Stack, Text, Title } from '../../../components/plain';
import { ScrollTable } from '../../../components/scroll-table';
import { plural } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { type CatalogueUpload, exportCatalogue, staffMessage, useCatalogueUpload, useDecideUpload } from '../api';

/** «Применено: 1 тариф добавлен или изменён», «…: 3 тарифа добавлены или изменены», «…: 5 тарифов добавлено или изменено». */
export function appliedText(n: number): string {
  return `Применено: ${plural(n, [
    'тариф добавлен или изменён',
    'тарифа добавлены или изменены',
    'тарифов добавлено или изменено',
  ])}.`;
}

function Totals({ upload }: { upload: CatalogueUpload }) {
  const t = upload.preview.totals;
  const items: [string, number][] = [
    ['Добавятся', t.added],
    ['Изменятся', t.changed],
    ['Уйдут в архив или из регионов', t.removed],
    ['Без изменений', t.unchanged],
    ['Не будут загружены', t.refused],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }}>
      {items.map(([label, n]) => (
        <Paper key={label} withBorder p="sm">
          <Text size="sm">{label}</Text>
          <Text fw={700} size="xl">
            {n}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What applying an upload would change, per operator and region, and the refused rows with reasons. */
function Preview({ upload }: { upload: CatalogueUpload }) {
  const shown = upload.preview.groups.slice(0, 300);
  return (
    <Stack>
      <Totals upload={upload} />
      {shown.length > 0 ? (
        <ScrollTable label="Изменения по операторам и регионам" minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Оператор</Table.Th>
                <Table.Th>Регион</Table.Th>
                <Table.Th>Добавятся</Table.Th>
                <Table.Th>Изменятся</Table.Th>
                <Table.Th>Уйдут</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((g) => (
                <Table.Tr key={`${g.operatorSlug}/${g.regionCode}`}>
                  <Table.Td>{g.operatorName}</Table.Td>
                  <Table.Td>{g.regionName}</Table.Td>
                  <Table.Td>{g.added.join(', ') || '—'}</Table.Td>
                  <Table.Td>{g.changed.map((c) => `${c.name} (${c.what.join(', ')})`).join('; ') || '—'}</Table.Td>
                  <Table.Td>{g.removed.join(', ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : (
        <Text>Файл ничего не меняет в каталоге.</Text>
      )}
      {upload.preview.groups.length > shown.length && (
        <Text size="sm" c="dimmed">
          Показаны первые {shown.length} из {upload.preview.groups.length} сочетаний оператора и региона.
        </Text>
      )}
      {upload.refused.length > 0 && (
        <Alert color="orange" title={`Не будут загружены: ${upload.preview.totals.refused}`}>
          <List size="sm">
            {upload.refused.map((r) => (
              <List.Item key={`${r.where}-${r.reason}`}>
                {r.where}: {r.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** The tariff catalogue: upload a file through the importer, see what it changes, apply or cancel; export. */
export function CataloguePanel() {
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [upload, setUpload] = useState<CatalogueUpload | null>(null);
  const send = useCatalogueUpload();
  const decide = useDecideUpload();
  const [exportError, setExportError] = useState<string | null>(null);

  const onExport = async (format: 'csv' | 'json') => {
    setExportError(null);
    try {
      const got = await exportCatalogue(format);
      if (got) saveFile(got.data, got.fileName ?? `tariffs.${format}`);
    } catch (error) {
      setExportError(staffMessage(error));
    }
  };
  const onDecide = (apply: boolean) => {
    if (!upload) return;
    decide.mutate(
      { id: upload.id, apply },
      {
        onSuccess: (done) => {
          if (done) setUpload(done);
          notifications.show({
            color: 'green',
            message: apply ? 'Каталог обновлён: изменения уже на сайте.' : 'Загрузка отменена, каталог не изменился.',
          });
        },
      },
    );
  };

  return (
    <Stack gap="xl">
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            Загрузить каталог
          </Title>
          <Text size="sm">
            Файл JSON или CSV в формате выгрузки (как у команды npm run tariffs:export). Тарифы узнаются по оператору и
            адресу (slug): новые добавятся, существующие обновятся.
          </Text>
          <FileInput
            label="Файл каталога"
            placeholder="Выберите файл .json или .csv"
            accept=".json,.csv,application/json,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setUpload(null);
              send.reset();
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Убрать выбранный файл' }}
          />
          <Checkbox
            label="Файл — весь каталог: тарифы, которых в нём нет, уйдут в архив"
            checked={replace}
            onChange={(e) => setReplace(e.currentTarget.checked)}
          />
          {send.error && (
            <Alert color="red" title="Файл не принят">
              {staffMessage(send.error)}
            </Alert>
          )}
          <Group>
            <Button
              disabled={!file}
              loading={send.isPending}
              onClick={() => file && send.mutate({ file, replace }, { onSuccess: (u) => setUpload(u) })}
            >
              Показать изменения
            </Button>
          </Group>
        </Stack>
      </Paper>
      {upload && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h3">
              Что изменится: {upload.fileName}
            </Title>
            <Preview upload={upload} />
            {decide.error && (
              <Alert color="red" title="Не применено">
                {staffMessage(decide.error)}
              </Alert>
            )}
            {upload.status === 'pending' ? (
              <Group>
                <Button loading={decide.isPending} onClick={() => onDecide(true)}>
                  Применить
                </Button>
                <Button variant="default" loading={decide.isPending} onClick={() => onDecide(false)}>
                  Отменить
                </Button>
              </Group>
            ) : (
              <Alert color={upload.status === 'applied' ? 'green' : 'gray'}>
                {upload.status === 'applied'
                  ? appliedText(upload.preview.totals.added + upload.preview.totals.changed)
                  : 'Загрузка отменена, каталог не изменился.'}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            Выгрузить каталог
          </Title>
          <Text size="sm">Весь каталог с архивными тарифами — его можно поправить и загрузить обратно.</Text>
          {exportError && <Alert color="red">{exportError}</Alert>}
          <Group>
            <Button variant="light" onClick={() => onExport('csv')}>
              Скачать CSV
            </Button>
            <Button variant="light" onClick={() => onExport('json')}>
              Скачать JSON
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
