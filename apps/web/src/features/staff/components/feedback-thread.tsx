import { Alert, Button, Paper, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DELIVERY_NAMES } from '@perenos/porting-rules/back-office';
import { useState } from 'react';
import { Badge, Group, Stack, Text, Title } from '../../../components/plain';
import { formatDateTime } from '../../../lib/format';
import { type FeedbackStatus, staffMessage, type FeedbackThread as Thread, useFeedbackActions } from '../api';
import { FEEDBACK_STATUS } from './feedback-inbox';

/** One message: what was written, the replies sent, a reply form, and its state. */
export function FeedbackThread({ thread }: { thread: Thread }) {
  const actions = useFeedbackActions(thread.id);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const mark = (status: FeedbackStatus) =>
    actions.status.mutate(status, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: `Обращение отмечено: ${FEEDBACK_STATUS[status].label.toLowerCase()}.`,
        }),
    });
  const send = () =>
    actions.reply.mutate(
      { ...(subject.trim() ? { subject } : {}), text },
      {
        onSuccess: () => {
          setText('');
          setSubject('');
          notifications.show({ color: 'green', message: `Ответ отправлен на ${thread.email}.` });
        },
      },
    );
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>
              {thread.name} · <a href={`mailto:${thread.email}`}>{thread.email}</a>
            </Text>
            <Badge variant="light" color={FEEDBACK_STATUS[thread.status].color}>
              {FEEDBACK_STATUS[thread.status].label}
            </Badge>
          </Group>
          <Text size="sm">
            {thread.topic} · получено {formatDateTime(thread.createdAt)}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{thread.message}</Text>
        </Stack>
      </Paper>
      <Group>
        {thread.status !== 'read' && (
          <Button variant="light" loading={actions.status.isPending} onClick={() => mark('read')}>
            Отметить прочитанным
          </Button>
        )}
        {thread.status !== 'handled' && (
          <Button variant="light" loading={actions.status.isPending} onClick={() => mark('handled')}>
            Отметить обработанным
          </Button>
        )}
      </Group>
      {thread.replies.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Ответы
          </Title>
          {thread.replies.map((r) => (
            <Paper key={r.id} withBorder p="sm">
              <Text size="sm" fw={600}>
                {r.staffName}, {formatDateTime(r.createdAt)} — {DELIVERY_NAMES[r.delivery].toLowerCase()}
              </Text>
              <Text size="sm">{r.subject}</Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{r.body}</Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            Ответить письмом
          </Title>
          <TextInput
            label="Тема"
            placeholder={`Ответ на обращение № ${thread.id}: ${thread.topic}`}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            maxLength={200}
          />
          <Textarea
            label="Текст ответа"
            required
            autosize
            minRows={5}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={10_000}
          />
          {(actions.reply.error || actions.status.error) && (
            <Alert color="red" title="Не получилось">
              {staffMessage(actions.reply.error ?? actions.status.error)}
            </Alert>
          )}
          <Group>
            <Button onClick={send} disabled={text.trim() === ''} loading={actions.reply.isPending}>
              Отправить ответ
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
