import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const STEPS = [
  { label: 'Номер', description: 'Проверка номера' },
  { label: 'Тариф', description: 'Новый оператор' },
  { label: 'Заявление', description: 'Дата и подпись' },
] as const;

/** Where the user is in the three steps; on a phone only the numbers and labels, side by side. */
export function WizardSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stepper
      active={active}
      size="sm"
      allowNextStepsSelect={false}
      aria-label={`Шаг ${Math.min(active + 1, 3)} из 3`}
      styles={{ steps: { flexWrap: 'nowrap' } }}
    >
      {STEPS.map((s) => (
        <Stepper.Step key={s.label} label={s.label} description={narrow ? undefined : s.description} />
      ))}
    </Stepper>
  );
}
