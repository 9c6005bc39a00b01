import { NumberInput } from '@mantine/core';
import { SimpleGrid } from '../../../components/plain';
import type { Usage } from '../calculator';

const FIELDS: { key: keyof Usage; label: string; suffix: string; decimal?: boolean }[] = [
  { key: 'minutes', label: 'Минут в месяц', suffix: ' мин' },
  { key: 'sms', label: 'SMS в месяц', suffix: ' SMS' },
  { key: 'traffic', label: 'Интернет в месяц', suffix: ' ГБ', decimal: true },
];

/** Minutes, SMS and gigabytes a month as three number fields; a field commits on leaving it or on Enter. */
export function UsageFields({
  value,
  onChange,
  onCommit,
}: {
  value: Usage;
  onChange: (key: keyof Usage, value: number) => void;
  onCommit: () => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {FIELDS.map(({ key, label, suffix, decimal }) => (
        <NumberInput
          key={key}
          label={label}
          value={value[key]}
          min={0}
          max={100_000}
          allowNegative={false}
          allowDecimal={decimal ?? false}
          decimalSeparator=","
          thousandSeparator=" "
          suffix={suffix}
          onChange={(v) => onChange(key, typeof v === 'number' ? v : Number(v) || 0)}
          onBlur={onCommit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onCommit();
          }}
        />
      ))}
    </SimpleGrid>
  );
}
