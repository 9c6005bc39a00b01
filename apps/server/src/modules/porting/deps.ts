import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { LookupAnswer } from '../lookup';
import type { NewNotification } from '../notifications';
import type { PortingGateway } from './gateway';
import type { OrderRow } from './repository';
import type { OrderStatus } from './tables';

// What the porting rules are handed by plugin.ts, and the shapes they pass on: the steps (steps/), the
// engine, holds and withdrawals all take these.

/** What changed, for the live pages of the user (and the tests). */
export interface PortationChange {
  userId: number | null;
  orderId: number;
  portationId: number | null;
  msisdn: string;
  status: OrderStatus;
}

/** What happened to a number that the people watching it hear of (the watch module). */
export interface WatchAttempt {
  kind: 'started' | 'code' | 'held' | 'ported';
  msisdn: string;
  /** Who did it: a watcher hears nothing of their own steps; null when unknown (step 1 without sign-in). */
  actorUserId: number | null;
  orderId: number | null;
  at: Date;
  /** A held application: until when it waits for the watcher's answer. */
  holdUntil?: Date;
  /** A held application: how its applicant showed the number is theirs (ESIA outranks an SMS code). */
  applicantProof?: NumberProof;
  /** The operator the number moved, or is to move, to. */
  toOperatorId?: number | null;
  /** A held application: the porting night it asks for (`YYYY-MM-DD`, Moscow). */
  night?: string | null;
}

/** How a person showed a number is theirs, weakest first. */
export type NumberProof = 'sms' | 'esia';

/** How a hold ended, as its watchers see it. */
export type HoldOutcome = 'confirmed' | 'refused' | 'lapsed' | 'withdrawn';

/**
 * The number watch, as porting needs it (wired in plugin.ts): alerts to the number's watchers other
 * than the actor, written in the caller's transaction with their e-mail and SMS; the users told come
 * back (someone else watches the number when there are any). `settle` records how a hold ended.
 */
export interface NumberWatch {
  alert(tx: Database, attempt: WatchAttempt): Promise<{ holders: number[]; alerted: number[] }>;
  /**
   * Which of these numbers have a watch at all, on or off, in one statement: an attempt on any other
   * has nobody to alert and no proof to end, so a batch of completions asks `alert` for these alone.
   */
  watchedAmong?(tx: Database, msisdns: string[]): Promise<Set<string>>;
  settle(tx: Database, orderId: number, outcome: HoldOutcome, at: Date): Promise<void>;
  /** Records on the watcher's alerts of the order that they disputed it without the proof to end it. */
  dispute(tx: Database, orderId: number, userId: number, at: Date): Promise<void>;
}

/** Nobody watches: for the demo's history, which nobody is told about. */
export const NO_WATCH: NumberWatch = {
  alert: async () => ({ holders: [], alerted: [] }),
  watchedAmong: async () => new Set(),
  settle: async () => {},
  dispute: async () => {},
};

/** Everything the porting rules need from the rest of the site. */
export interface PortingDeps {
  db: Database;
  /** The number's operator, region and last porting: the lookup index, as /check answers. */
  lookup: (msisdn: string) => Promise<LookupAnswer | undefined>;
  jobs: JobQueue;
  notify: (tx: Database, messages: NewNotification[]) => Promise<void>;
  publish: (change: PortationChange) => void;
  /**
   * People who have something new to see that no change of theirs announces (a number's watchers alerted
   * by another person's step), told after the step's transaction (decision 149: their kept pages are
   * drawn again on every node).
   */
  peopleChanged?: (userIds: number[]) => void;
  /** The central database; null when none is configured (submitting then answers 503). */
  gateway: PortingGateway | null;
  keys: { seal: Buffer; code: Buffer };
  /** The site's public address, for links in messages; null when unknown. */
  siteOrigin: string | null;
  now: () => Date;
  /** Whether SMS can be sent (confirmation codes need it). */
  smsEnabled: boolean;
  watch: NumberWatch;
  /**
   * Госключ (porting/signature): while `required`, a signed application replaces the consent tick, and
   * `problem` says why a submit of the order as it stands may not go on (no valid signature of it).
   */
  signing?: { required(): boolean; problem(db: Database, order: OrderRow): Promise<string | null> };
}

/** Who asks: a signed-in user, and the browser (the owner cookie), either may be missing. */
export interface Owner {
  userId: number | null;
  browserId: string | null;
}

/** What a lookup's quota answers when a call spends one. */
export type QuotaSpend = () => Promise<{ allowed: boolean; refreshAt: Date }>;

/** For the site's own orders (the demo seed, tests of the rules): no visitor's quota is spent. */
export const UNMETERED: QuotaSpend = async () => ({ allowed: true, refreshAt: new Date(0) });
