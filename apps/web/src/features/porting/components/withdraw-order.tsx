import { Alert, Button } from '@mantine/core';
import { WITHDRAW_CLOSED, WITHDRAW_WHILE } from '@perenos/porting-rules/states';
import { useEffect, useRef, useState } from 'react';
import { Group, Stack, Text } from '../../../components/plain';
import { type PortationOrder, useDeletePortation } from '../api';

// Said beside the button while a submitted application can be withdrawn, and instead of it once the
// night is set: @perenos/porting-rules' sentences of those phases.
export { WITHDRAW_CLOSED, WITHDRAW_WHILE } from '@perenos/porting-rules/states';

interface Notice {
  color: string;
  title: string;
  text: string;
}

/**
 * «Удалить черновик» for a draft, «Отозвать заявление» for a submitted application — offered only while
 * the order says it can be done (`canWithdraw`), asked twice. What came of it is said in a message that
 * takes the focus: done; refused (the order is read again, so the button goes and the text says why);
 * or the central database did not answer (the button stays, to try again in a few minutes).
 */
export function WithdrawOrder({ order }: { order: PortationOrder }) {
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const remove = useDeletePortation(order.id);
  const draft = order.status === 'Initialized';

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // The central database may schedule the window while the question is open: the question gives way to
  // a message saying so, rather than vanishing under the visitor's pointer.
  useEffect(() => {
    if (asking && !order.canWithdraw && !remove.isPending) {
      setAsking(false);
      // The rule beside it says the rest (WITHDRAW_CLOSED).
      setNotice({
        color: 'red',
        title: 'Отозвать заявление нельзя',
        text: 'Пока вы подтверждали, БДПН назначила окно переноса.',
      });
    }
  }, [asking, order.canWithdraw, remove.isPending]);

  const confirm = async () => {
    const result = await remove.mutateAsync();
    setAsking(false);
    if (result.ok) {
      setNotice({
        color: 'gray',
        title: draft ? 'Черновик удалён' : 'Заявление отозвано',
        text: 'Перенос не состоится, номер остаётся у нынешнего оператора.',
      });
    } else if (result.refusal.status === 503) {
      setNotice({ color: 'yellow', title: 'БДПН сейчас не отвечает', text: result.refusal.message });
    } else {
      setNotice({
        color: 'red',
        title: draft ? 'Удалить черновик не удалось' : 'Отозвать заявление нельзя',
        text: result.refusal.message,
      });
    }
  };

  const open = order.status === 'Initialized' || order.status === 'PendingBDPN';
  return (
    <Stack gap="sm" data-testid="withdraw">
      {notice && (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          color={notice.color}
          title={notice.title}
          data-testid="withdraw-notice"
          style={{ outlineOffset: 2 }}
        >
          {notice.text}
        </Alert>
      )}
      {order.status === 'PendingBDPN' && (
        <Text size="sm" data-testid="withdraw-rule">
          {order.canWithdraw ? WITHDRAW_WHILE : WITHDRAW_CLOSED}
        </Text>
      )}
      {open && order.canWithdraw && !asking && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setAsking(true)}>
            {draft ? 'Удалить черновик' : 'Отозвать заявление'}
          </Button>
        </Group>
      )}
      {open && order.canWithdraw && asking && (
        <Alert color="red" title={draft ? 'Удалить черновик?' : 'Отозвать заявление?'} data-testid="withdraw-confirm">
          <Stack gap="sm">
            <Text size="sm">
              {draft
                ? 'Черновик удалится. Чтобы перенести номер позже, начните новое заявление.'
                : 'Перенос не состоится; чтобы перенести номер позже, понадобится новое заявление.'}
            </Text>
            <Group>
              <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
                {draft ? 'Да, удалить' : 'Да, отозвать'}
              </Button>
              <Button variant="default" onClick={() => setAsking(false)} disabled={remove.isPending}>
                Нет, оставить
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
