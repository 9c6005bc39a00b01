import { Alert, Checkbox, List, Paper } from '@mantine/core';
import { Stack, Text, Title } from '../../../components/plain';
import { formatRub } from '../../../lib/format';
import type { ContractTerms } from '../api';
import { formatEdition } from '../sim';

interface ContractTermsProps {
  terms: ContractTerms | undefined;
  failed: boolean;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  error?: string | undefined;
}

/**
 * Step 3: the recipient's contract terms with their edition and the fee, and the box that accepts them
 * (unchecked until the citizen ticks it). The edition shown is the one the submit sends.
 */
export function ContractTermsSection({ terms, failed, accepted, onAccept, error }: ContractTermsProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="terms-title" data-testid="contract-terms">
      <Stack gap="sm">
        <Title order={2} size="h3" id="terms-title">
          Договор с новым оператором
        </Title>
        {failed && (
          <Alert color="red" role="alert">
            Не удалось загрузить условия договора. Обновите страницу через минуту.
          </Alert>
        )}
        {!terms && !failed && <Text size="sm">Загружаем условия договора…</Text>}
        {terms && (
          <>
            <Text fw={600}>{terms.title}</Text>
            <Text size="sm" c="dimmed" data-testid="contract-version">
              Редакция {formatEdition(terms.version)}
            </Text>
            <List size="sm" spacing="xs">
              {terms.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
            <Text data-testid="fee">
              Плата за перенос номера: <b>{formatRub(terms.fee)}</b> — один раз, новому оператору. Прежний оператор за
              перенос денег не берёт.
            </Text>
            <Checkbox
              checked={accepted}
              onChange={(e) => onAccept(e.currentTarget.checked)}
              label="Я прочитал(а) условия договора с новым оператором и принимаю их"
              error={error}
              aria-invalid={error ? true : undefined}
              data-testid="accept-terms"
            />
          </>
        )}
        {!terms && error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
