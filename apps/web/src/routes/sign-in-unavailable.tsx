import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Group, Text } from '../components/plain';

/**
 * Drawn instead of a sign-in route while «Вход через Госуслуги» is switched off: ESIA's login would
 * answer 404, so the browser is not sent there. What still works without signing in is a link away.
 */
export default function SignInUnavailable() {
  return (
    <Page
      title="Вход временно недоступен"
      description="Вход через Госуслуги временно недоступен."
      heading="Вход временно недоступен"
      size="md"
    >
      <Text size="lg" data-testid="sign-in-unavailable">
        Вход через Госуслуги временно недоступен, поэтому личный кабинет и заявление на перенос сейчас не открываются.
        Попробуйте зайти позже — ваши заявления и переносы никуда не денутся, а SMS и письма о них приходят как обычно.
      </Text>
      <Text>Без входа можно проверить номер, сравнить тарифы и прочитать, как проходит перенос.</Text>
      <Group>
        <Button component={Link} to="/">
          На главную
        </Button>
        <Button component={Link} to="/check" variant="light">
          Проверить номер
        </Button>
        <Button component={Link} to="/tariffs" variant="light">
          Тарифы
        </Button>
      </Group>
    </Page>
  );
}
