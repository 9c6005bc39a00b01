import { Button, Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Stack } from '../../../components/plain';
import { plural } from '../../../lib/format';

/**
 * The filters beside the list, or on a phone a button opening them in a drawer (they would push the
 * results two screens down). Which one is known once the browser has measured (the server cannot):
 * until then the button, which CSS hides on wide screens, whose column stays empty until the panel is
 * drawn (drawing both on the server cost phones the hydration of a panel they never show). Its own
 * component, so that the measurement arriving after hydration redraws this column, not the whole page.
 */
export function FilterColumn({
  panel,
  found,
  fetching,
}: {
  panel: ReactNode;
  found: number | undefined;
  fetching: boolean;
}) {
  const wide = useMediaQuery('(min-width: 62em)');
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  if (wide === true) return panel;
  return (
    <>
      <Button hiddenFrom="md" variant="default" fullWidth size="md" onClick={filtersDrawer.open}>
        Фильтры
      </Button>
      <Drawer
        opened={filtersOpen && wide === false}
        onClose={filtersDrawer.close}
        title="Фильтры"
        position="bottom"
        size="90%"
        closeButtonProps={{ 'aria-label': 'Закрыть фильтры' }}
      >
        <Stack gap="md">
          {panel}
          <Button
            fullWidth
            size="md"
            onClick={filtersDrawer.close}
            loading={fetching}
            style={{ position: 'sticky', bottom: 0 }}
          >
            {found !== undefined ? `Показать ${plural(found, ['тариф', 'тарифа', 'тарифов'])}` : 'Показать тарифы'}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
