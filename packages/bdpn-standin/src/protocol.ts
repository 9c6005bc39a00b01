/**
 * The messages between a recipient operator and the central database of ported numbers (БДПН),
 * as this stand-in speaks them: JSON over HTTP, modelled on the process of the Minkomsvyaz order
 * No. 3 of 19.01.2016 (the recipient files the subscriber's application, the central database
 * checks it and asks the donor, the donor checks the contract holder and the debt, the central
 * database schedules the porting window and moves the number). docs/porting-gateway.md describes
 * the same contract from the recipient's side.
 */

/** An operator as the central database knows it: by its tax number (ИНН). */
export interface OperatorRef {
  inn: string;
  name: string;
}

/** The subscriber's application, filed by the recipient operator. */
export interface Application {
  /** The recipient's own id of the application: filing it again answers the same process. */
  applicationId: string;
  /** 11 digits, 7XXXXXXXXXX. */
  msisdn: string;
  /** FNS code of the numbering region the number belongs to. */
  regionCode: number;
  donor: OperatorRef;
  recipient: OperatorRef;
  /** The day (Moscow) the subscriber chose; the window is that night, 00:00–06:00. */
  portationDate: string;
  subscriber: {
    lastName: string;
    firstName: string;
    middleName: string;
    birthDate: string | null;
    passport: { series: string; number: string };
  };
  /** How the recipient's SIM reaches the subscriber (the recipient's side of the process). */
  sim?: { kind: SimKind; officeId?: string; address?: string };
  /** The version of the recipient's contract terms the subscriber accepted. */
  contractVersion?: string;
  /**
   * The application signed by the subscriber in Госключ: the PDF and its detached CMS signature
   * (GOST R 34.10-2012, Streebog-256), base64, and the PDF's Streebog-256 hash (hex).
   */
  signedApplication?: { pdf: string; signature: string; pdfHash: string };
}

export const SIM_KINDS = ['esim', 'office', 'courier'] as const;
export type SimKind = (typeof SIM_KINDS)[number];

export const MESSAGE_TYPES = [
  'Accepted',
  'Rejected',
  'DonorCheck',
  'DonorAccepted',
  'DonorRejected',
  'DebtNotice',
  'DebtPaid',
  'Scheduled',
  'Rescheduled',
  'Started',
  'Ported',
  'Cancelled',
  'ContractSigned',
  'SimIssued',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Why the central database or the donor refused. */
export const REJECTION_CODES = [
  'not-in-plan',
  'other-region',
  'not-donor',
  'open-process',
  'recently-ported',
  'debt',
  'passport',
  'blocked',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** One message of a process, in the order they happened. */
export interface ProcessMessage {
  /** 1, 2, 3 … within the process. */
  seq: number;
  type: MessageType;
  /** When it happened (ISO 8601). */
  at: string;
  /** Rejected, DonorRejected: why, for code and in Russian for the subscriber. */
  reasonCode?: RejectionCode;
  reason?: string;
  /** Scheduled, Rescheduled: the porting window (ISO 8601); Rescheduled says why in `reason`. */
  windowStart?: string;
  windowEnd?: string;
  /** DebtNotice: the debt in roubles, the day it must be paid by (ISO 8601) and the numbers it is on. */
  amount?: number;
  payBy?: string;
  /** DebtNotice: the numbers the debt is on; DebtPaid: the numbers whose debt this payment settled. */
  debtMsisdns?: string[];
  /** DebtNotice: each number's part of the debt, in roubles (they add up to `amount`). */
  debts?: { msisdn: string; amount: number }[];
  /** ContractSigned: the version of the terms the recipient registered. */
  contractVersion?: string;
  /** SimIssued: which SIM, the temporary number until the porting night, the eSIM code, the office. */
  simKind?: SimKind;
  temporaryMsisdn?: string;
  activationCode?: string;
  officeId?: string;
}

/** What the recipient reads of a process: the messages after the ones it has seen, and when to ask again. */
export interface ProcessView {
  processId: string;
  messages: ProcessMessage[];
  /** When the next message is due; null once the process is over. */
  nextPollAt: string | null;
  closed: boolean;
}

export type CancelResult = { cancelled: true } | { cancelled: false; reason: string };
