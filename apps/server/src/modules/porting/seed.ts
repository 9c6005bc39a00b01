import { STANDIN_CITIZENS, type StandinCitizen } from '@perenos/esia-standin';
import type { Database, DatabaseHandle } from '../../db/client';
import { seedRuns } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { JobQueue } from '../../lib/jobs';
import { addDays, moscowDay } from '../../lib/moscow';
import { deriveKey } from '../../lib/seal';
import { LookupEngine } from '../lookup';
import { allOperators, regionOperatorPairs } from '../operators';
import { cheapestTariffIn } from '../tariffs';
import { CONTRACT_VERSION } from './contract-terms';
import { demoOffices } from './demo-offices';
import { NO_WATCH, UNMETERED } from './deps';
import { advancePortation, type EngineDeps } from './engine';
import * as portingRepo from './repository';
import { clockedStandinGateway } from './standin-store';
import { initOrder } from './steps/init';
import { submitOrder } from './steps/submit';
import { updateOrder } from './steps/update';
import { deleteOrder } from './withdrawal';

/**
 * The demo's accounts are made by running the test citizens' orders through the real porting
 * engine and the central-database stand-in, on a clock that starts years ago: every porting in the
 * account went through the same steps as a new one, wrote the same timeline, and left the number
 * in the ported-number registry, so /check, the account and the timeline agree about every number.
 */

type Outcome = 'done' | 'cancelled' | 'refused' | 'pending' | 'draft';

interface Step {
  /** The recipient operator's slug. */
  to: string;
  outcome: Outcome;
}

/** Иванов's main number has moved back and forth for years: 14 portations, two pages in the account. */
const IVANOV_HISTORY: Step[] = [
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
].flatMap((to, i): Step[] =>
  i === 4
    ? [
        { to: 'megafon', outcome: 'cancelled' },
        { to, outcome: 'done' },
      ]
    : [{ to, outcome: 'done' }],
);

/** Each citizen's numbers and what happened to them, oldest first. */
const STORIES: Record<string, Step[]> = {
  '79161234567': [...IVANOV_HISTORY, { to: 't2', outcome: 'pending' }],
  '79251112233': [{ to: 'mts', outcome: 'draft' }],
  '79215550101': [
    { to: 'beeline', outcome: 'cancelled' },
    { to: 't2', outcome: 'done' },
  ],
  '79132223344': [{ to: 'beeline', outcome: 'done' }],
  '79178889900': [{ to: 'megafon', outcome: 'pending' }],
  '79881112233': [{ to: 'mts', outcome: 'done' }],
  '79275551234': [{ to: 'mts', outcome: 'refused' }],
  '79851112233': [{ to: 'beeline', outcome: 'refused' }],
};

/** Иванов also ordered a transfer of a number that is not his ESIA one (a draft: it needs an SMS code). */
const EXTRA_NUMBERS: Record<string, string[]> = { '1000000001': ['79251112233'] };

const DAY = 24 * 3600_000;
/** Between two applications of one number: 8 days to the porting plus the 60 days' rule, and a little. */
const GAP = 70 * DAY;
const SEED_NAME = 'porting-demo';

/**
 * Stores a test citizen as if they had signed in at `signedInAt`, sealing the passport with `sealKey`.
 * The sign-in belongs to the ESIA module (which the porting module does not import), so the caller passes it.
 */
export type DemoSignIn = (
  citizen: StandinCitizen,
  sealKey: Buffer,
  signedInAt: Date,
) => Promise<{ userId: number; mobiles: readonly string[]; email: string | null }>;

/** Runs the demo histories once; true when it did. */
export async function seedPortingDemo(
  handle: DatabaseHandle,
  options: {
    sessionSecret: string;
    signIn: DemoSignIn;
    now?: Date;
    /**
     * The site's porting time scale: the portings still under way are filed at it, so once the site
     * runs they go on as fast as a new one does (the finished history runs at 1 on its own clock).
     */
    timeScale?: number;
  },
): Promise<boolean> {
  const db = handle.db;
  const claimed = await db
    .insert(seedRuns)
    .values({ name: SEED_NAME, version: 1 })
    .onConflictDoNothing()
    .returning({ name: seedRuns.name });
  if (claimed.length === 0) return false;

  const now = options.now ?? systemClock();
  const sealKey = deriveKey(options.sessionSecret, 'personal data seal v1');
  const clock = { t: now.getTime() };
  const lookup = new LookupEngine(db, { pollMs: 3_600_000 });
  const jobs = new JobQueue(handle, { workers: false });
  await Promise.all([lookup.start(), jobs.start([])]);
  await lookup.whenReady();
  try {
    const at = () => new Date(clock.t);
    const gateway = clockedStandinGateway(db, (msisdn) => lookup.lookupFresh(msisdn), at);
    const scale = options.timeScale ?? 1;
    const live = clockedStandinGateway(db, (msisdn) => lookup.lookupFresh(msisdn), at, scale);
    const deps: EngineDeps = {
      db,
      lookup: (msisdn) => lookup.lookupFresh(msisdn),
      jobs,
      // The history is not news: nobody is told about it again.
      notify: async () => {},
      publish: () => {},
      gateway,
      keys: { seal: sealKey, code: deriveKey(options.sessionSecret, 'confirmation code v1') },
      siteOrigin: null,
      now: at,
      smsEnabled: false,
      watch: NO_WATCH,
    };

    const ops = await allOperators(db);
    const opId = (slug: string) => ops.find((o) => o.slug === slug)?.id;

    /** The cheapest tariff of the operator sold in the region. */
    const tariffOf = (operatorId: number, regionCode: number) => cheapestTariffIn(db, operatorId, regionCode);

    /** Carries a submitted portation on until it is over or its next step lies after `until`. */
    const run = async (portationId: number, until: number) => {
      // A bound, not a count of steps: an open debt is polled every 15 minutes until it is paid or lapses.
      for (let i = 0; i < 1000; i++) {
        await advancePortation(deps, portationId);
        const p = await portingRepo.findPortation(db, portationId);
        if (p?.status !== 'PendingBDPN' || !p.processId) break;
        const view = await gateway.poll(p.processId, p.processSeq);
        if (!view.nextPollAt || Date.parse(view.nextPollAt) > until) break;
        clock.t = Date.parse(view.nextPollAt);
      }
      await lookup.refresh();
    };

    for (const citizen of STANDIN_CITIZENS) {
      // As if each had signed in once, long ago.
      const profile = await options.signIn(citizen, sealKey, new Date(now.getTime() - 1200 * DAY));
      const owner = { userId: profile.userId, browserId: null };
      for (const msisdn of [...profile.mobiles, ...(EXTRA_NUMBERS[citizen.oid] ?? [])]) {
        const story = STORIES[msisdn] ?? [];
        for (const [i, step] of story.entries()) {
          const fromEnd = story.length - i;
          const pending = step.outcome === 'pending';
          // Under way: filed a day or two ago as the site's clock runs (at the demo's scale, seconds ago).
          clock.t =
            pending || step.outcome === 'draft'
              ? now.getTime() - ((msisdn === '79178889900' ? 2 : 1) * DAY) / (pending ? scale : 1)
              : now.getTime() - fromEnd * GAP;
          deps.gateway = pending ? live : gateway;
          const facts = await lookup.lookupFresh(msisdn);
          const to = opId(step.to);
          if (!facts || to === undefined || facts.regionCode === null || to === facts.operatorId) continue;
          const order = await initOrder(deps, owner, { msisdn }, UNMETERED);
          if (step.outcome === 'draft') continue;
          const tariffId = await tariffOf(to, facts.regionCode);
          if (tariffId === undefined) continue;
          await updateOrder(deps, owner, order.id, {
            operatorId: to,
            tariffId,
            portationAt: addDays(moscowDay(at()), 8),
            email: profile.email,
          });
          const submitted = await submitOrder(deps, owner, order.id, {
            consent: true,
            sim: { kind: 'esim' },
            contractVersion: CONTRACT_VERSION,
          });
          const portationId = submitted.portationId ?? 0;
          if (step.outcome === 'cancelled') {
            // The application reached the central database; the subscriber changed their mind within the hour.
            clock.t += 10 * 60_000;
            await advancePortation(deps, portationId);
            clock.t += 50 * 60_000;
            await deleteOrder(deps, owner, order.id);
            continue;
          }
          await run(portationId, step.outcome === 'pending' ? now.getTime() : Number.POSITIVE_INFINITY);
        }
      }
    }
    return true;
  } finally {
    await Promise.all([lookup.stop(), jobs.stop()]);
  }
}

/** The recipients' demo offices: two in each region for every operator that works there. */
export async function seedOfficesDemo(tx: Database): Promise<void> {
  const pairs = await regionOperatorPairs(tx);
  await portingRepo.insertOffices(
    tx,
    pairs.flatMap((p) => demoOffices(p, p.regionCode)),
  );
}
