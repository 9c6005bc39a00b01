import { Alert, Button, Progress } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DragEvent, useId, useState } from 'react';
import { Group, Stack, Text } from '../../../components/plain';
import { formatNumber } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { sampleBatchFile, useBatchLookup } from '../api';
import classes from './batch-upload.module.css';

const EXTENSIONS = ['csv', 'txt', 'xlsx'];

interface BatchUploadProps {
  maxBytes: number;
  maxRows: number;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} МБ` : `${Math.floor(bytes / 1024)} КБ`;
}

/** Drag-and-drop or pick a file of numbers, watch it being checked, download the answers. */
export function BatchUpload({ maxBytes, maxRows }: BatchUploadProps) {
  const inputId = useId();
  const batch = useBatchLookup();
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<{ data: Blob; fileName: string } | null>(null);

  const start = (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!EXTENSIONS.includes(ext)) {
      setFileError('Загрузите файл в формате CSV, TXT или XLSX.');
      return;
    }
    if (file.size === 0) {
      setFileError('Файл пуст: в нём нет ни одного номера.');
      return;
    }
    if (file.size > maxBytes) {
      setFileError(`Файл больше ${sizeText(maxBytes)}.`);
      return;
    }
    setFileError(null);
    batch.mutate(file, {
      onSuccess: (answer) => {
        if (!answer.ok) {
          setFileError(answer.message);
          return;
        }
        const fileName = answer.data.fileName ?? `результат.${ext === 'xlsx' ? 'xlsx' : 'csv'}`;
        setResult({ data: answer.data.data, fileName });
        saveFile(answer.data.data, fileName);
        notifications.show({ color: 'green', message: 'Готово: файл с результатом скачан.' });
      },
    });
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="sm">
      <label
        htmlFor={inputId}
        className={classes.zone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Text fw={600}>Перетащите файл сюда или нажмите, чтобы выбрать</Text>
        <Text size="sm" c="dimmed">
          CSV, TXT или XLSX до {sizeText(maxBytes)}, не больше {formatNumber(maxRows)} номеров. Один файл — одна
          проверка из лимита.
        </Text>
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className={classes.input}
          disabled={batch.isPending}
          onChange={(event) => {
            start(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
          aria-label="Файл с номерами"
        />
      </label>
      {batch.isPending && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">Проверяем номера…</Text>
          <Progress value={100} animated striped aria-label="Проверка файла" />
        </Stack>
      )}
      {fileError && (
        <Alert color="red" title="Файл не проверен" role="alert">
          {fileError}
        </Alert>
      )}
      <Group gap="sm">
        {result && (
          <Button variant="filled" onClick={() => saveFile(result.data, result.fileName)}>
            Скачать результат ещё раз
          </Button>
        )}
        <Button variant="subtle" onClick={() => saveFile(sampleBatchFile(), 'пример-номеров.csv')}>
          Скачать пример файла
        </Button>
      </Group>
    </Stack>
  );
}
