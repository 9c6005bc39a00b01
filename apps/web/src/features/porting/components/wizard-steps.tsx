import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Stack, Text } from '../../../components/plain';

const STEPS = [
  { label: 'Номер', description: 'Проверка номера' },
  { label: 'Тариф', description: 'Новый оператор' },
  { label: 'Заявление', description: 'Дата и подпись' },
] as const;

/** Where the user is in the three steps; on a phone the circles only, with the current step named below. */
export function WizardSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const current = STEPS[Math.min(active, 2)];
  return (
    <Stack gap={6}>
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        aria-label={`Шаг ${Math.min(active + 1, 3)} из 3`}
      >
        {STEPS.map((s, i) => (
          <Stepper.Step
            key={s.label}
            // Each step is a button: on a phone only its circle shows, so its name is spoken from here.
            aria-label={`Шаг ${i + 1}: ${s.label.toLowerCase()}${i < active ? ', пройден' : i === active ? ', текущий' : ''}`}
            label={narrow ? undefined : s.label}
            description={narrow ? undefined : s.description}
          />
        ))}
      </Stepper>
      {narrow && current && (
        <Text size="sm" c="dimmed">
          Шаг {Math.min(active + 1, 3)} из 3: {current.description.toLowerCase()}
        </Text>
      )}
    </Stack>
  );
}
