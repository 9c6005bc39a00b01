import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow screens' menu: loaded on the first tap of the burger, so the first visit does not carry it. */
export default function NavDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Меню"
      hiddenFrom="lg"
      position="right"
      size="xs"
      closeButtonProps={{ 'aria-label': 'Закрыть меню' }}
    >
      {children}
    </Drawer>
  );
}
