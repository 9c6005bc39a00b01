import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import { users } from '../esia/tables';
import { type OrderStatus, portationEvents, portationOrders, portations, userNumbers } from './tables';

interface DemoNumber {
  msisdn: string;
  isEsia: boolean;
  operator: string;
  region: number;
  /** Portation history, oldest first: [from, to, status]. */
  history?: [string, string, OrderStatus][];
}

interface DemoCitizen {
  oid: string;
  name: string;
  numbers: DemoNumber[];
}

/** Иванов's main number has moved back and forth for years: 14 orders and 14 portations, two pages each. */
function longHistory(): [string, string, OrderStatus][] {
  const out: [string, string, OrderStatus][] = [];
  const slugs = [
    'mts',
    'megafon',
    'beeline',
    't2',
    'yota',
    'mts',
    'megafon',
    't2',
    'beeline',
    'mts',
    'yota',
    'beeline',
    'mts',
    'megafon',
  ];
  for (let i = 0; i < slugs.length - 1; i++) {
    const status: OrderStatus = i === 4 ? 'Deleted' : 'Done';
    out.push([slugs[i] as string, slugs[i + 1] as string, status]);
  }
  out.push(['megafon', 't2', 'PendingBDPN']);
  return out;
}

const DEMO: DemoCitizen[] = [
  {
    oid: '1000000001',
    name: 'Иванов Иван Иванович',
    numbers: [
      { msisdn: '79161234567', isEsia: true, operator: 'mts', region: 77, history: longHistory() },
      { msisdn: '79037654321', isEsia: true, operator: 'beeline', region: 50 },
      {
        msisdn: '79251112233',
        isEsia: false,
        operator: 'megafon',
        region: 77,
        history: [['megafon', 'mts', 'Initialized']],
      },
    ],
  },
  {
    oid: '1000000002',
    name: 'Петрова Анна Сергеевна',
    numbers: [
      {
        msisdn: '79215550101',
        isEsia: true,
        operator: 'megafon',
        region: 78,
        history: [
          ['megafon', 'beeline', 'Deleted'],
          ['megafon', 't2', 'Done'],
        ],
      },
    ],
  },
  {
    oid: '1000000004',
    name: 'Кузнецова Мария Викторовна',
    numbers: [
      { msisdn: '79132223344', isEsia: true, operator: 'mts', region: 54, history: [['beeline', 'mts', 'Done']] },
      { msisdn: '79053334455', isEsia: true, operator: 'beeline', region: 54 },
      { msisdn: '79994445566', isEsia: true, operator: 'yota', region: 54 },
    ],
  },
  {
    oid: '1000000005',
    name: 'Смирнов Алексей Дмитриевич',
    numbers: [{ msisdn: '79286667788', isEsia: true, operator: 't2', region: 61 }],
  },
  {
    oid: '1000000006',
    name: 'Фёдорова Ольга Николаевна',
    numbers: [
      {
        msisdn: '79178889900',
        isEsia: true,
        operator: 'mts',
        region: 16,
        history: [['mts', 'megafon', 'PendingBDPN']],
      },
    ],
  },
  {
    oid: '1000000007',
    name: 'Ахмедов Рустам Маратович',
    numbers: [
      { msisdn: '79881112233', isEsia: true, operator: 'megafon', region: 5, history: [['mts', 'megafon', 'Done']] },
      { msisdn: '79642223344', isEsia: true, operator: 't2', region: 5 },
    ],
  },
];

const DAY = 24 * 3600 * 1000;
const EVENT_TEXT: Record<OrderStatus, string> = {
  Initialized: 'Заявление принято',
  PendingBDPN: 'Заявление передано в базу данных перенесённых номеров',
  Done: 'Номер перенесён',
  Deleted: 'Заявление отменено',
};

/** Demo users, numbers, orders, portations and their events for the stand-in's citizens; runs once. */
export async function seedAccountDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.oid, DEMO[0]?.oid ?? ''));
    if (existing.length > 0) return false;
    const slugs = [
      ...new Set([...DEMO.flatMap((c) => c.numbers.flatMap((n) => [n.operator, ...(n.history ?? []).flat()]))]),
    ];
    const ops = await tx
      .select({ id: operators.id, slug: operators.slug })
      .from(operators)
      .where(inArray(operators.slug, slugs));
    const op = (slug: string) => ops.find((o) => o.slug === slug)?.id ?? null;
    // Fixed dates keep the demo and its tests stable; the newest event is a few days before «today».
    const end = Date.UTC(2026, 10, 18, 9, 30);
    for (const citizen of DEMO) {
      const [user] = await tx
        .insert(users)
        .values({ oid: citizen.oid, name: citizen.name })
        .returning({ id: users.id });
      if (!user) continue;
      await tx.insert(userNumbers).values(
        citizen.numbers.map((n) => ({
          userId: user.id,
          msisdn: n.msisdn,
          isEsiaMsisdn: n.isEsia,
          operatorId: op(n.operator),
          regionCode: n.region,
        })),
      );
      for (const n of citizen.numbers) {
        const history = n.history ?? [];
        for (const [i, [from, to, status]] of history.entries()) {
          // Older entries lie further back: about two months apart.
          const started = new Date(end - (history.length - i) * 61 * DAY + i * 3_600_000);
          const moved = new Date(started.getTime() + 8 * DAY);
          const lastUpdate =
            status === 'Done' ? moved : new Date(started.getTime() + (status === 'Deleted' ? 2 : 1) * DAY);
          const [order] = await tx
            .insert(portationOrders)
            .values({
              userId: user.id,
              msisdn: n.msisdn,
              status,
              fromOperatorId: op(from),
              toOperatorId: op(to),
              regionCode: n.region,
              portationDate: moved,
              createdAt: started,
              lastUpdateAt: lastUpdate,
            })
            .returning({ id: portationOrders.id });
          if (!order || status === 'Initialized') continue;
          const [portation] = await tx
            .insert(portations)
            .values({
              orderId: order.id,
              userId: user.id,
              msisdn: n.msisdn,
              fromOperatorId: op(from),
              toOperatorId: op(to),
              status,
              startedAt: started,
              portationAt: status === 'Deleted' ? null : moved,
              lastUpdatedAt: lastUpdate,
            })
            .returning({ id: portations.id });
          if (!portation) continue;
          const steps: [OrderStatus, Date][] = [
            ['Initialized', started],
            ['PendingBDPN', new Date(started.getTime() + DAY / 2)],
          ];
          if (status === 'Done') steps.push(['Done', moved]);
          if (status === 'Deleted') steps.push(['Deleted', lastUpdate]);
          await tx.insert(portationEvents).values(
            steps.map(([s, at]) => ({
              portationId: portation.id,
              status: s,
              occurredAt: at,
              description: EVENT_TEXT[s],
            })),
          );
        }
      }
    }
    return true;
  });
}
