import { Alert, Button, List, Pagination, Paper, SegmentedControl, Table, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMsisdn } from '@perenos/phone';
import {
  CHANNEL_NAMES,
  DELIVERY_NAMES,
  DESK_STAGE_NAMES,
  PROCESS_MESSAGE_NAMES,
} from '@perenos/porting-rules/back-office';
import { endingOf, statusName } from '@perenos/porting-rules/states';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Badge, Group, Stack, Text, Title } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  DESK_PAGE_SIZE,
  type DeskList,
  type DeskOrder,
  type DeskSignature,
  getDeskListQueryOptions,
  getDeskSearchQueryOptions,
  getDeskSignatureQueryOptions,
  staffMessage,
  useDeskActions,
  useDeskSignatureCheck,
} from '../api';

/** A message of the central database's process in words (a type the table lacks shows as it came). */
const processMessageName = (type: string) => (PROCESS_MESSAGE_NAMES as Record<string, string>)[type] ?? type;

/** The state an application is in, in the site's one name (a refusal named for who refused). */
function stateName(status: DeskOrder['status'], events?: readonly { kind: string }[]): string {
  return statusName(status, status === 'Deleted' && events ? endingOf(events) : null);
}

/** The desk's two lists, each a page of ten: under way, and stuck past what the process allows. */
export function DeskLists() {
  const [list, setList] = useState<DeskList>('active');
  const [page, setPage] = useState(1);
  const shown = useQuery(getDeskListQueryOptions(list, page));
  const stuck = list === 'stuck';
  return (
    <Stack>
      <SegmentedControl
        value={list}
        onChange={(v) => {
          setList(v as DeskList);
          setPage(1);
        }}
        data={[
          { value: 'active', label: 'В работе' },
          { value: 'stuck', label: 'Зависшие' },
        ]}
        aria-label="Какие заявления показать"
        style={{ alignSelf: 'flex-start' }}
      />
      <Text size="sm">
        {stuck
          ? 'Заявления, которые должны были продвинуться, но стоят: окно переноса или срок ответа владельца номера прошли больше часа назад, ночь переноса прошла без окна, черновик старше срока хранения.'
          : 'Отправленные заявления, перенос по которым ещё не закончен; сначала те, что ждут дольше.'}
      </Text>
      {!shown.data ? (
        <QueryState isPending={shown.isPending} error={shown.error} />
      ) : shown.data.data.length === 0 ? (
        <Text>{stuck ? 'Зависших заявлений нет.' : 'Заявлений в работе нет.'}</Text>
      ) : (
        <>
          <ScrollTable label={stuck ? 'Зависшие заявления' : 'Заявления в работе'} minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Заявление</Table.Th>
                  <Table.Th>Номер</Table.Th>
                  <Table.Th>Где сейчас</Table.Th>
                  <Table.Th>Отправлено</Table.Th>
                  <Table.Th>Дата переноса</Table.Th>
                  {stuck && <Table.Th>Почему зависло</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.data.data.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/porting/${o.id}`}>
                        № {o.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className="nowrap">{formatMsisdn(o.msisdn)}</Table.Td>
                    <Table.Td>
                      {DESK_STAGE_NAMES[o.stage]}
                      {o.stage === 'scheduled' && o.windowStart ? `: ${formatDateTime(o.windowStart)}` : ''}
                      {o.disputedAt && (
                        <Badge color="orange" variant="light" ml="xs">
                          Спор
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{o.submittedAt ? formatDateTime(o.submittedAt) : '—'}</Table.Td>
                    <Table.Td className="nowrap">{o.portationDate ? formatDate(o.portationDate) : '—'}</Table.Td>
                    {stuck && <Table.Td>{o.stuck ?? '—'}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Text size="sm" c="dimmed">
            Всего: {shown.data.totalRows}
          </Text>
          {shown.data.totalRows > DESK_PAGE_SIZE && (
            <Pagination total={Math.ceil(shown.data.totalRows / DESK_PAGE_SIZE)} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}

/** The desk's page: find an application, or pick one from the lists. */
export function DeskHome() {
  return (
    <Stack gap="xl">
      <DeskSearch />
      <Stack gap="sm">
        <Title order={2} size="h3">
          Заявления в работе и зависшие
        </Title>
        <DeskLists />
      </Stack>
    </Stack>
  );
}

/** Find an order by its number or by the phone number it moves. */
export function DeskSearch() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery(getDeskSearchQueryOptions(q));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <Stack>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label="Номер заявления или телефона"
            placeholder="4711 или +7 916 123-45-67"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={40}
          />
          <Button type="submit">Найти</Button>
        </Group>
      </form>
      {q !== '' &&
        (found.error ? (
          <Alert color="red">{staffMessage(found.error)}</Alert>
        ) : !found.data ? (
          <QueryState isPending={found.isPending} error={null} />
        ) : found.data.length === 0 ? (
          <Text>Заявлений не найдено.</Text>
        ) : (
          <ScrollTable label="Найденные заявления" minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Заявление</Table.Th>
                  <Table.Th>Номер</Table.Th>
                  <Table.Th>Состояние</Table.Th>
                  <Table.Th>Изменено</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.data.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/porting/${o.id}`}>
                        № {o.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className="nowrap">{formatMsisdn(o.msisdn)}</Table.Td>
                    <Table.Td>
                      {stateName(o.status)}
                      {o.disputedAt && (
                        <Badge color="orange" variant="light" ml="xs">
                          Спор
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(o.lastUpdateAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ))}
    </Stack>
  );
}

/** One order for support: its course, the central database's messages, what was sent, and the actions. */
export function DeskOrderView({ order }: { order: DeskOrder }) {
  const actions = useDeskActions(order.id);
  const [reason, setReason] = useState('');
  const open = order.status === 'Initialized' || order.status === 'PendingBDPN';
  const personal = actions.personal.data;
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Badge variant="light" tt="none">
              {stateName(order.status, order.timeline)}
            </Badge>
            <Text fw={600} className="nowrap">
              {formatMsisdn(order.msisdn)}
            </Text>
          </Group>
          <Text size="sm">
            {order.fromOperator ?? '—'} → {order.toOperator ?? '—'}, {order.regionName ?? 'регион не указан'}
            {order.tariffName ? `, тариф «${order.tariffName}»` : ''}
          </Text>
          <Text size="sm">
            Создано {formatDateTime(order.createdAt)}
            {order.submittedAt ? `, отправлено ${formatDateTime(order.submittedAt)}` : ''}, изменено{' '}
            {formatDateTime(order.lastUpdateAt)}
            {order.portationDate ? `, дата переноса ${formatDate(order.portationDate)}` : ''}
          </Text>
          {order.reason && <Text size="sm">Причина: {order.reason}</Text>}
          {order.disputedAt && (
            <Alert color="orange" variant="light" p="sm" title="Спор о номере">
              {formatDateTime(order.disputedAt)} наблюдатель номера, подтвердивший его только кодом из SMS, ответил «Это
              не я» на заявление человека, у которого номер указан в Госуслугах. Заявление продолжается; свяжитесь с
              наблюдателем и при необходимости отмените заявление.
            </Alert>
          )}
        </Stack>
      </Paper>
      <DeskSignatureSection id={order.id} />
      <Title order={2} size="h4">
        Ход заявления
      </Title>
      <List size="sm" spacing={4}>
        {order.timeline.map((e) => (
          <List.Item key={`${e.occurredAt}-${e.kind}-${e.description}`}>
            {formatDateTime(e.occurredAt)} — {e.description}
          </List.Item>
        ))}
      </List>
      <Title order={2} size="h4">
        Сообщения БДПН
      </Title>
      {order.gateway === null ? (
        <Text size="sm">Заявление в БДПН не отправлялось.</Text>
      ) : 'error' in order.gateway ? (
        <Alert color="orange">{order.gateway.error}</Alert>
      ) : (
        <List size="sm" spacing={4}>
          {order.gateway.messages.map((m) => (
            <List.Item key={m.seq}>
              {formatDateTime(m.at)} — {processMessageName(m.type)}
              {m.reason ? `: ${m.reason}` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Title order={2} size="h4">
        Уведомления
      </Title>
      {order.notifications.length === 0 ? (
        <Text size="sm">Сайт ничего не отправлял.</Text>
      ) : (
        <ScrollTable label="Уведомления" minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Канал</Table.Th>
                <Table.Th>Кому</Table.Th>
                <Table.Th>Текст</Table.Th>
                <Table.Th>Доставка</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.notifications.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{formatDateTime(n.createdAt)}</Table.Td>
                  <Table.Td>{CHANNEL_NAMES[n.channel]}</Table.Td>
                  <Table.Td>{n.recipient}</Table.Td>
                  <Table.Td>{n.body}</Table.Td>
                  <Table.Td>
                    {DELIVERY_NAMES[n.status]}
                    {n.error ? ` (${n.error})` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {(actions.resend.error || actions.cancel.error || actions.personal.error) && (
        <Alert color="red" title="Не получилось">
          {staffMessage(actions.resend.error ?? actions.cancel.error ?? actions.personal.error)}
        </Alert>
      )}
      <Group>
        <Button
          variant="light"
          loading={actions.resend.isPending}
          disabled={order.notifications.length === 0}
          onClick={() =>
            actions.resend.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: 'Уведомление отправлено',
                  message: 'Последнее уведомление отправлено ещё раз: абонент получит его копию.',
                }),
            })
          }
        >
          Повторить последнее уведомление
        </Button>
        <Button variant="default" loading={actions.personal.isPending} onClick={() => actions.personal.mutate()}>
          Показать персональные данные
        </Button>
      </Group>
      {personal && (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Просмотр записан в журнал.
          </Text>
          <Text>{personal.name ?? 'Заявитель не вошёл на сайт'}</Text>
          <Text size="sm">
            Дата рождения: {personal.birthDate ?? '—'}; паспорт: {personal.passportMasked ?? '—'}
          </Text>
          <Text size="sm">
            Телефоны: {personal.mobiles.join(', ') || '—'}; e-mail: {personal.orderEmail ?? personal.email ?? '—'}
          </Text>
          <Text size="sm">Уведомления уходили на: {personal.recipients.join(', ') || '—'}</Text>
        </Paper>
      )}
      {open && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Отменить заявление
            </Title>
            <Text size="sm">
              Если заявление зависло. Абонент получит SMS и письмо: «Заявление отменено службой поддержки: причина».
              Отправленное в БДПН заявление отзывается там же.
            </Text>
            <Textarea
              label="Причина для абонента"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              minLength={5}
              maxLength={300}
              autosize
            />
            <Group>
              <Button
                color="red"
                disabled={reason.trim().length < 5}
                loading={actions.cancel.isPending}
                onClick={() =>
                  actions.cancel.mutate(reason.trim(), {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        message: 'Заявление отменено, абонент получит уведомление.',
                      }),
                  })
                }
              >
                Отменить заявление
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

const SIGNATURE_STATUS: Record<DeskSignature['status'], string> = {
  none: 'Не отправлялось на подпись',
  pending: 'Ждёт подписи',
  signed: 'Подписано, подпись проверена',
  refused: 'Заявитель отказался',
  expired: 'Срок подписания истёк',
  failed: 'Подпись не принята',
};

/** Who signed the application in Госключ, with which certificate and until when it is valid, and a check on demand. */
function DeskSignatureSection({ id }: { id: number }) {
  const signature = useQuery(getDeskSignatureQueryOptions(id));
  const check = useDeskSignatureCheck(id);
  const s = signature.data;
  const result = check.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="desk-signature-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="desk-signature-title">
          Подпись в Госключе
        </Title>
        {signature.error ? (
          <Alert color="red">{staffMessage(signature.error)}</Alert>
        ) : signature.isPending ? (
          <QueryState isPending error={null} />
        ) : !s || s.status === 'none' ? (
          <Text size="sm">Заявление не отправлялось на подпись в Госключ.</Text>
        ) : (
          <>
            <Group gap="sm">
              <Badge
                variant="light"
                color={s.status === 'signed' ? 'green' : s.status === 'pending' ? 'blue' : 'orange'}
              >
                {SIGNATURE_STATUS[s.status]}
              </Badge>
              <Text size="sm">
                Отправлено на подпись {s.requestedAt ? formatDateTime(s.requestedAt) : '—'}
                {s.signedAt ? `, подписано ${formatDateTime(s.signedAt)}` : ''}
              </Text>
            </Group>
            {s.reason && <Text size="sm">Причина: {s.reason}</Text>}
            {s.certificate && (
              <Text size="sm" data-testid="desk-certificate">
                {`Подписал: ${s.certificate.subject}. Сертификат № ${s.certificate.serial}, выдан: ${s.certificate.issuer}; действует`}
                {s.certificate.validFrom ? ` с ${formatDate(s.certificate.validFrom)}` : ''}
                {s.certificate.validTo ? ` до ${formatDate(s.certificate.validTo)}` : ''}.
              </Text>
            )}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Хэш PDF (Стрибог-256): {s.documentHash}
              {s.verifiedAt ? `; проверено ${formatDateTime(s.verifiedAt)}` : ''}
            </Text>
            {result && (
              <Alert
                color={result.valid ? 'green' : 'red'}
                title={result.valid ? 'Подпись верна' : 'Подпись не подтверждена'}
                data-testid="desk-signature-check"
              >
                {result.valid
                  ? `Проверено ${formatDateTime(result.checkedAt)}: подпись сделана под этим заявлением, сертификат действовал в момент подписания и выдан доверенным удостоверяющим центром.`
                  : result.reason}
              </Alert>
            )}
            {check.error && <Alert color="red">{staffMessage(check.error)}</Alert>}
            <Group>
              {s.status === 'signed' && (
                <Button variant="light" loading={check.isPending} onClick={() => check.mutate()}>
                  Проверить подпись
                </Button>
              )}
              {s.status === 'signed' && (
                <>
                  <Anchor href={`/api/v1/staff/porting/orders/${id}/application.pdf`} size="sm">
                    Подписанное заявление (PDF)
                  </Anchor>
                  <Anchor href={`/api/v1/staff/porting/orders/${id}/application.pdf.sig`} size="sm">
                    Подпись (.sig)
                  </Anchor>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
