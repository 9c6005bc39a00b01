import * as standin from '@perenos/bdpn-standin';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  type CancelResult,
  MESSAGE_TYPES,
  type PortingApplication,
  PROTOCOL_SCHEMAS,
  type ProcessMessage,
  type ProcessView,
} from './gateway';
import { SIM_KINDS } from './tables';

// The porting gateway (this server's side) and the central database stand-in (packages/bdpn-standin)
// speak one protocol, written down twice: here each side is held to the other (issue 25, point 7).

/** Each assignable to the other, with the same keys (an optional field on one side only counts too). */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
/** True when what the writer sends always fits what the reader takes. */
type Fits<Writer, Reader> = [Writer] extends [Reader] ? true : false;

// Checked by the typecheck: a field added, dropped or retyped on one side fails `npm run typecheck`.
const applicationIsOne: Same<PortingApplication, standin.Application> = true;
const messagesFit: Fits<standin.ProcessMessage, ProcessMessage> = true;
const viewsFit: Fits<standin.ProcessView, ProcessView> = true;
const cancelIsOne: Same<CancelResult, standin.CancelResult> = true;

/** A stand-in message with every field it may carry, as the stand-in types it. */
function fullMessage(type: standin.MessageType, seq: number): Required<standin.ProcessMessage> {
  return {
    seq,
    type,
    at: '2026-11-26T09:00:00.000Z',
    reasonCode: 'debt',
    reason: 'Задолженность по договору с оператором-донором.',
    windowStart: '2026-12-04T00:00:00+03:00',
    windowEnd: '2026-12-04T06:00:00+03:00',
    amount: 1234.5,
    payBy: '2026-12-01T00:00:00+03:00',
    debtMsisdns: ['79161234567'],
    debts: [{ msisdn: '79161234567', amount: 1234.5 }],
    contractVersion: '2026-11-01',
    simKind: 'courier',
    temporaryMsisdn: '79000000001',
    activationCode: 'LPA:1$smdp.example$ABC-123',
    officeId: 'msk-01',
  };
}

describe('the porting gateway and the central database stand-in', () => {
  it('agree on the types, checked when the code is compiled', () => {
    expect([applicationIsOne, messagesFit, viewsFit, cancelIsOne]).toEqual([true, true, true, true]);
  });

  it('name the same message types and SIM kinds, in the same order', () => {
    expect([...MESSAGE_TYPES]).toEqual([...standin.MESSAGE_TYPES]);
    expect([...SIM_KINDS]).toEqual([...standin.SIM_KINDS]);
  });

  it('read every field the stand-in may write, and no field it never writes', () => {
    const keys = Object.keys(fullMessage('Accepted', 1)).sort();
    expect(Object.keys(PROTOCOL_SCHEMAS.processMessage.properties).sort()).toEqual(keys);
  });

  it('accept a process view with every message type and every field', () => {
    const view: standin.ProcessView = {
      processId: 'bdpn-42',
      messages: standin.MESSAGE_TYPES.map((type, i) => fullMessage(type, i + 1)),
      nextPollAt: null,
      closed: true,
    };
    expect(Value.Check(PROTOCOL_SCHEMAS.processView, view)).toBe(true);
    for (const code of standin.REJECTION_CODES) {
      const message = { ...fullMessage('Rejected', 1), reasonCode: code };
      expect(Value.Check(PROTOCOL_SCHEMAS.processMessage, message), code).toBe(true);
    }
  });

  it('refuse what the stand-in never sends', () => {
    const unknown = { ...fullMessage('Accepted', 1), type: 'Teleported' };
    expect(Value.Check(PROTOCOL_SCHEMAS.processMessage, unknown)).toBe(false);
    const cancelled: standin.CancelResult[] = [
      { cancelled: true },
      { cancelled: false, reason: 'Окно уже назначено.' },
    ];
    for (const answer of cancelled) expect(Value.Check(PROTOCOL_SCHEMAS.cancelAnswer, answer)).toBe(true);
  });
});
