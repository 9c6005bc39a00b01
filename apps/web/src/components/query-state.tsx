import { Alert, Center, Loader } from '@mantine/core';
import { userMessage } from '../lib/errors';

/** What a page shows while its data loads or when loading failed. */
export function QueryState({ isPending, error }: { isPending: boolean; error: unknown }) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Загрузка" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Не удалось загрузить данные">
        {userMessage(error)}
      </Alert>
    );
  }
  return null;
}
