import { Alert, Radio, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Stack, Text } from '../../../components/plain';
import { getPortationOfficesQueryOptions, type SimChoice } from '../api';
import classes from './sim-choice.module.css';

interface SimChoiceFieldProps {
  orderId: number;
  operatorName: string;
  value: SimChoice | null;
  /** A choice made (kind or office): the page saves it at once. */
  onChange: (next: SimChoice) => void;
  /** The courier address typed, saved when the field is left. */
  onAddressChange: (address: string) => void;
  onAddressBlur: () => void;
  error?: string | undefined;
}

/**
 * Step 3: how the new operator's SIM reaches the subscriber — an eSIM, a SIM collected at one of the
 * recipient's offices in the number's region, or a SIM brought by a courier. A fieldset with its legend
 * and the error tied to it, so a screen reader hears the question, the answers and what is wrong.
 */
export function SimChoiceField({
  orderId,
  operatorName,
  value,
  onChange,
  onAddressChange,
  onAddressBlur,
  error,
}: SimChoiceFieldProps) {
  const offices = useQuery({ ...getPortationOfficesQueryOptions(orderId), enabled: value?.kind === 'office' });
  const errorId = `sim-error-${orderId}`;
  const kind = value?.kind ?? null;
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined} data-testid="sim-choice">
      <legend className={classes.legend}>Как получить SIM-карту {operatorName}</legend>
      <Text size="sm" c="dimmed" mb="sm">
        Номер перейдёт на новую SIM-карту. До ночи переноса она работает с временным номером.
      </Text>
      <Stack gap="sm">
        <Radio
          name={`sim-kind-${orderId}`}
          value="esim"
          checked={kind === 'esim'}
          onChange={() => onChange({ kind: 'esim' })}
          label="eSIM"
          description="Код активации и QR-код появятся в личном кабинете, когда оператор выпустит eSIM. Нужен телефон с поддержкой eSIM."
          data-testid="sim-esim"
        />
        <Radio
          name={`sim-kind-${orderId}`}
          value="office"
          checked={kind === 'office'}
          onChange={() => onChange({ kind: 'office', ...(value?.officeId ? { officeId: value.officeId } : {}) })}
          label="Забрать SIM-карту в офисе"
          description={`В офисе ${operatorName} в регионе номера, с паспортом.`}
          data-testid="sim-office"
        />
        {kind === 'office' && (
          <fieldset className={classes.nested} data-testid="sim-offices">
            <legend className={classes.nestedLegend}>Офис</legend>
            {offices.isPending && <Text size="sm">Загружаем офисы…</Text>}
            {offices.isError && (
              <Alert color="red" role="alert">
                Не удалось загрузить офисы. Обновите страницу или выберите другой способ.
              </Alert>
            )}
            {offices.data && offices.data.length === 0 && (
              <Text size="sm">У {operatorName} нет офисов в регионе номера: выберите eSIM или курьера.</Text>
            )}
            <Stack gap="xs">
              {offices.data?.map((office) => (
                <Radio
                  key={office.id}
                  name={`sim-office-${orderId}`}
                  value={office.id}
                  checked={value?.officeId === office.id}
                  onChange={() => onChange({ kind: 'office', officeId: office.id })}
                  label={office.name}
                  description={`${office.address}. ${office.hours}`}
                />
              ))}
            </Stack>
          </fieldset>
        )}
        <Radio
          name={`sim-kind-${orderId}`}
          value="courier"
          checked={kind === 'courier'}
          onChange={() => onChange({ kind: 'courier', address: value?.address ?? '' })}
          label="Курьером"
          description="Курьер привезёт SIM-карту и договор по адресу; паспорт понадобится."
          data-testid="sim-courier"
        />
        {kind === 'courier' && (
          <Textarea
            className={classes.address}
            label="Адрес доставки"
            description="Город, улица, дом и квартира. Адрес хранится в зашифрованном виде и удаляется через 30 дней после завершения переноса."
            placeholder="г. Самара, ул. Ленина, д. 5, кв. 12"
            autoComplete="street-address"
            autosize
            minRows={2}
            maxLength={300}
            value={value?.address ?? ''}
            onChange={(e) => onAddressChange(e.currentTarget.value)}
            onBlur={onAddressBlur}
            data-testid="sim-address"
          />
        )}
      </Stack>
      {error && (
        <Text c="red" size="sm" mt="sm" id={errorId} role="alert" data-testid="sim-error">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
