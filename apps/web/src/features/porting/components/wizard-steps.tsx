import { Stepper } from '@mantine/core';
import { Stack, Text } from '../../../components/plain';
import classes from './wizard-steps.module.css';

const STEPS = [
  { label: 'Номер', description: 'Проверка номера' },
  { label: 'Тариф', description: 'Новый оператор' },
  { label: 'Заявление', description: 'Дата и подпись' },
] as const;

/**
 * Where the user is in the three steps; on a phone the circles only, with the current step named below.
 * Which of the two is CSS's choice, drawn alike by the server and the browser: a measurement after the
 * first paint swapped them and moved the page under the reader (CLS 0.155 on `/portation/init`, issue 36).
 */
export function WizardSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  const current = STEPS[Math.min(active, 2)];
  return (
    <Stack gap={6}>
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        aria-label={`Шаг ${Math.min(active + 1, 3)} из 3`}
        classNames={{ stepBody: classes.stepBody }}
      >
        {STEPS.map((s, i) => (
          <Stepper.Step
            key={s.label}
            // Each step is a button: on a phone only its circle shows, so its name is spoken from here.
            aria-label={`Шаг ${i + 1}: ${s.label.toLowerCase()}${i < active ? ', пройден' : i === active ? ', текущий' : ''}`}
            label={s.label}
            description={s.description}
          />
        ))}
      </Stepper>
      {current && (
        <Text size="sm" c="dimmed" hiddenFrom="xs">
          Шаг {Math.min(active + 1, 3)} из 3: {current.description.toLowerCase()}
        </Text>
      )}
    </Stack>
  );
}
