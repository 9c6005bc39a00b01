import { describe, expect, it } from 'vitest';
import { refusalAdvice } from './refusal-advice';

const submitted = [
  { kind: 'created', description: 'Заявление создано' },
  { kind: 'submitted', description: 'Заявление подписано и отправлено в центральную базу перенесённых номеров (БДПН)' },
  { kind: 'donor-check', description: 'Проверка у оператора-донора: паспортные данные владельца и задолженность' },
];

const ended = (kind: string, description: string) => refusalAdvice([...submitted, { kind, description }]);

describe('what to do after a refusal', () => {
  it('has nothing to say while the porting goes on', () => {
    expect(refusalAdvice(submitted)).toBeNull();
  });

  it('tells a debtor to pay the donor and file again', () => {
    const advice = ended(
      'donor-rejected',
      'Нынешний оператор отказал в переносе: задолженность по договору 1\u00a0840\u00a0₽',
    );
    expect(advice).toMatchObject({ title: 'Отказ оператора', fileAgain: true });
    expect(advice?.text).toMatch(/^Оплатите задолженность у нынешнего оператора.*подайте заявление заново\.$/);
  });

  it('tells about the passport when the donor found it different', () => {
    const advice = ended(
      'donor-rejected',
      'Нынешний оператор отказал в переносе: паспортные данные заявителя не совпадают с данными владельца номера в договоре',
    );
    expect(advice?.text).toMatch(/Проверьте паспорт в профиле Госуслуг/);
  });

  it('gives the donor’s general advice for a cause it does not know', () => {
    expect(ended('donor-rejected', 'Нынешний оператор отказал в переносе: причина не указана')?.text).toMatch(
      /^Узнайте у нынешнего оператора/,
    );
  });

  it('reads the central database’s refusals', () => {
    expect(
      ended('rejected', 'Отказ БДПН: номер переносили 01.10.2026, повторный перенос возможен с 30.11.2026'),
    ).toMatchObject({ title: 'Центральная база (БДПН) отказала в переносе', fileAgain: true });
    expect(ended('rejected', 'Отказ БДПН: номер переносили 01.10.2026')?.text).toMatch(/через 60 дней/);
    expect(ended('rejected', 'Отказ БДПН: по номеру уже идёт другой перенос')?.text).toMatch(/другой перенос/);
    expect(ended('rejected', 'Отказ БДПН: номер принадлежит другому региону нумерации')?.text).toMatch(
      /своего региона/,
    );
  });

  it('says a withdrawal needs no fixing, and an unsent draft or a lost filing just another try', () => {
    expect(ended('cancelled', 'Заявление отозвано по вашей просьбе')).toMatchObject({ fileAgain: false });
    expect(ended('failed', 'Не удалось передать заявление в БДПН')?.text).toMatch(/подайте его ещё раз/);
    expect(ended('expired', 'Заявление не было отправлено за 7 дней и удалено')).toMatchObject({
      title: 'Черновик не был отправлен',
      text: /удаляется через 7 дней/,
    });
  });

  it('does not offer to file again an application the number’s owner refused', () => {
    expect(ended('hold-refused', 'Владелец номера ответил, что не подавал это заявление')).toMatchObject({
      title: 'Владелец номера отклонил заявление',
      fileAgain: false,
    });
  });

  it('offers no «Подать заново» when the number’s holder disowned the application, and says when and where instead', () => {
    const advice = ended('hold-refused', 'Владелец номера ответил, что не подавал это заявление: оно отклонено.');
    expect(advice).toMatchObject({ title: 'Владелец номера отклонил заявление', fileAgain: false, refile: false });
    expect(advice?.text).toMatch(/^Подать заявление на этот номер на сайте снова можно завтра/);
    expect(ended('donor-rejected', 'Отказ донора: причина не указана')?.refile).toBe(true);
  });
});
