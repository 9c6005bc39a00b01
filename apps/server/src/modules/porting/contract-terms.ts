import { MIN_DAYS_BETWEEN_PORTINGS } from '@perenos/porting-rules';
import { daysText } from '@perenos/porting-rules/states';

/**
 * The recipient's contract terms the subscriber reads and accepts at step 3. The site keeps one
 * edition of the terms for porting with every recipient (the operator's own contract is signed with
 * it); its version is recorded on the order with the moment it was accepted. A new edition gets a new
 * version, and an order accepted under an older one must accept the new one before it is submitted.
 */

/** The current edition of the terms. */
export const CONTRACT_VERSION = '2026-11-01';

/**
 * The consent to process personal data that step 3 asks for, versioned like the terms: each order
 * records the edition accepted and when (docs/privacy.md).
 */
export const CONSENT_VERSION = '2026-11-26';

/** The consent's words, shown at step 3 above its checkbox. */
export const CONSENT_TEXT =
  'Я согласен(на) на перенос номера к новому оператору и на обработку моих персональных данных (ФИО, дата рождения, паспорт, номер телефона, адрес электронной почты, адрес доставки SIM-карты) для подачи заявления в центральную базу перенесённых номеров, оператору-донору и новому оператору. Данные хранятся, пока идёт перенос, и ещё 30 дней после его завершения; затем паспорт, дата рождения и адрес удаляются. Согласие можно отозвать, удалив свои данные в личном кабинете.';

/** The most a recipient may charge for porting a number (roubles), by the rules of porting. */
export const PORTING_FEE_RUB = 100;

export interface ContractTerms {
  version: string;
  title: string;
  points: string[];
}

/** The terms of porting a number to `operatorName`, in the words the subscriber reads. */
export function contractTerms(operatorName: string): ContractTerms {
  return {
    version: CONTRACT_VERSION,
    title: `Условия договора с оператором ${operatorName} при переносе номера`,
    points: [
      `${operatorName} заключает с вами договор об оказании услуг связи с сохранением вашего номера. Договор вступает в силу в ночь переноса, когда номер начинает обслуживать ${operatorName}.`,
      `За перенос номера ${operatorName} берёт ${PORTING_FEE_RUB} ₽ один раз — со счёта новой SIM-карты после переноса. Прежний оператор за перенос денег не берёт.`,
      'До ночи переноса новая SIM-карта работает с временным номером. В ночь переноса (с 00:00 до 06:00 по московскому времени) связь может пропадать до 30 минут; утром номер работает на новой SIM-карте.',
      'Договор с прежним оператором по этому номеру прекращается в ночь переноса. Задолженность перед ним нужно погасить до переноса: иначе прежний оператор откажет в переносе.',
      'Обслуживание по выбранному тарифу начинается в день переноса. Условия тарифа и цены — на сайте оператора.',
      `Вы можете отозвать заявление, пока центральная база перенесённых номеров не назначила окно переноса. После переноса вернуться к прежнему оператору можно не раньше чем через ${daysText(MIN_DAYS_BETWEEN_PORTINGS)}.`,
    ],
  };
}
