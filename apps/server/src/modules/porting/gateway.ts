import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { SIM_KINDS, type SimKind } from './tables';

/**
 * The porting engine's one interface to the other side of the process: the central database of
 * ported numbers (БДПН) and, behind it, the donor operator. A recipient operator's real gateway
 * implements it; so does the stand-in (packages/bdpn-standin) over the same HTTP protocol.
 * docs/porting-gateway.md describes the contract.
 */
export interface PortingGateway {
  /** Files the application; the same `applicationId` again answers the same process. */
  submit(application: PortingApplication): Promise<{ processId: string; receivedAt: string }>;
  /** The process's messages after `afterSeq`, oldest first, and when the next one is due. */
  poll(processId: string, afterSeq: number): Promise<ProcessView>;
  /** Withdraws the application; refused (with a reason) once the porting window is scheduled. */
  cancel(processId: string): Promise<CancelResult>;
}

/** The subscriber's application as the recipient sends it. */
export interface PortingApplication {
  applicationId: string;
  msisdn: string;
  regionCode: number;
  donor: { inn: string; name: string };
  recipient: { inn: string; name: string };
  /** `YYYY-MM-DD`, Moscow: the window is that night. */
  portationDate: string;
  subscriber: {
    lastName: string;
    firstName: string;
    middleName: string;
    birthDate: string | null;
    passport: { series: string; number: string };
  };
  /** How the recipient's SIM reaches the subscriber; `address` only for a courier. */
  sim?: { kind: SimKind; officeId?: string; address?: string };
  /** The version of the recipient's contract terms the subscriber accepted. */
  contractVersion?: string;
  /**
   * The application signed in Госключ (with the Goskey feature): the PDF that was signed and its detached
   * CMS signature (GOST R 34.10-2012, Streebog-256), both base64, and the PDF's Streebog-256 hash (hex).
   */
  signedApplication?: { pdf: string; signature: string; pdfHash: string };
}

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

const ProcessMessageSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  type: Type.Union(MESSAGE_TYPES.map((t) => Type.Literal(t))),
  at: Type.String({ minLength: 10, maxLength: 40 }),
  reasonCode: Type.Optional(Type.String({ maxLength: 50 })),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  windowStart: Type.Optional(Type.String({ maxLength: 40 })),
  windowEnd: Type.Optional(Type.String({ maxLength: 40 })),
  amount: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000 })),
  payBy: Type.Optional(Type.String({ maxLength: 40 })),
  debtMsisdns: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 })),
  debts: Type.Optional(
    Type.Array(
      Type.Object({
        msisdn: Type.String({ maxLength: 20 }),
        amount: Type.Number({ minimum: 0, maximum: 100_000_000 }),
      }),
      { maxItems: 20 },
    ),
  ),
  contractVersion: Type.Optional(Type.String({ maxLength: 100 })),
  simKind: Type.Optional(Type.Union(SIM_KINDS.map((k) => Type.Literal(k)))),
  temporaryMsisdn: Type.Optional(Type.String({ maxLength: 20 })),
  activationCode: Type.Optional(Type.String({ maxLength: 255 })),
  officeId: Type.Optional(Type.String({ maxLength: 100 })),
});

const ProcessViewSchema = Type.Object({
  processId: Type.String({ minLength: 1, maxLength: 100 }),
  messages: Type.Array(ProcessMessageSchema, { maxItems: 100 }),
  nextPollAt: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  closed: Type.Boolean(),
});

const SubmitAnswerSchema = Type.Object({
  processId: Type.String({ minLength: 1, maxLength: 100 }),
  receivedAt: Type.String({ minLength: 10, maxLength: 40 }),
});
const CancelAnswerSchema = Type.Union([
  Type.Object({ cancelled: Type.Literal(true) }),
  Type.Object({ cancelled: Type.Literal(false), reason: Type.String({ maxLength: 500 }) }),
]);

/** What the gateway accepts of the other side's answers: gateway-contract.test.ts holds the stand-in to it. */
export const PROTOCOL_SCHEMAS = {
  processView: ProcessViewSchema,
  processMessage: ProcessMessageSchema,
  submitAnswer: SubmitAnswerSchema,
  cancelAnswer: CancelAnswerSchema,
} as const;

/** One message of the process, in the order they happened. */
export interface ProcessMessage {
  seq: number;
  type: (typeof MESSAGE_TYPES)[number];
  /** When it happened (ISO 8601). */
  at: string;
  reasonCode?: string;
  reason?: string;
  windowStart?: string;
  windowEnd?: string;
  /** DebtNotice: the amount (roubles), the moment to pay by, the numbers the debt is on. */
  amount?: number;
  payBy?: string;
  /** DebtNotice: the numbers the debt is on; DebtPaid: the numbers this payment settled (all when absent). */
  debtMsisdns?: string[];
  /** DebtNotice: each number's part of the debt (roubles). */
  debts?: { msisdn: string; amount: number }[];
  /** ContractSigned: the terms' version the recipient registered. */
  contractVersion?: string;
  /** SimIssued: the SIM's kind, the temporary number until the porting night, the eSIM code, the office. */
  simKind?: SimKind;
  temporaryMsisdn?: string;
  activationCode?: string;
  officeId?: string;
}

/** The messages after the ones the recipient has seen, and when to ask again (null once it is over). */
export interface ProcessView {
  processId: string;
  messages: ProcessMessage[];
  nextPollAt: string | null;
  closed: boolean;
}

export type CancelResult = { cancelled: true } | { cancelled: false; reason: string };

/** The gateway could not be reached or answered nonsense: worth trying again later. */
export class GatewayUnavailable extends Error {}

/** The central database refused the application as malformed: trying again will not help. */
export class ApplicationRefused extends Error {}

/** The central database does not know the process. */
export class UnknownProcess extends Error {}

/** The gateway over HTTP: JSON requests with the operator's Bearer token, answers checked before use. */
export function createHttpGateway(options: {
  baseUrl: string;
  token?: string | undefined;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  timeoutMs?: number;
}): PortingGateway {
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: TSchema,
    body?: unknown,
    accept: number[] = [200],
  ): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GatewayUnavailable(`БДПН недоступна: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayUnavailable(`БДПН ответила не JSON (HTTP ${res.status})`);
    }
    if (res.status === 404) throw new UnknownProcess('БДПН не знает такого процесса');
    if (res.status === 400) {
      const error = (json as { error?: unknown }).error;
      throw new ApplicationRefused(typeof error === 'string' ? error : 'заявление отклонено как неверное');
    }
    if (!accept.includes(res.status)) throw new GatewayUnavailable(`БДПН ответила HTTP ${res.status}`);
    if (!Value.Check(schema, json)) throw new GatewayUnavailable('ответ БДПН не соответствует протоколу');
    return json as T;
  }

  return {
    submit: (application) =>
      call<{ processId: string; receivedAt: string }>('POST', '/api/v1/applications', SubmitAnswerSchema, application),
    poll: (processId, afterSeq) =>
      call<ProcessView>(
        'GET',
        `/api/v1/processes/${encodeURIComponent(processId)}/messages?after=${afterSeq}`,
        ProcessViewSchema,
      ),
    cancel: (processId) =>
      call<CancelResult>(
        'POST',
        `/api/v1/processes/${encodeURIComponent(processId)}/cancel`,
        CancelAnswerSchema,
        {},
        [200, 409],
      ),
  };
}
