import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
// Not from features/auth: its queries would pull the query library into this lazy chunk's graph.
import { shortName } from '../lib/person-name';

type AccountMenuButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { name: string };

/**
 * The signed-in visitor's name as a button that opens «Личный кабинет» and «Выйти»: the surname and initials,
 * which fit (a full name was cut off); the full name is its accessible name and tooltip. As the menu's target
 * it passes on what Menu.Target gives it: the ref the dropdown is placed by, and aria-expanded/aria-controls.
 */
export function AccountMenuButton({ name, ...props }: AccountMenuButtonProps) {
  return (
    <Button
      variant="light"
      maw={240}
      rightSection={<span aria-hidden="true">▾</span>}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      title={name}
      {...props}
    >
      {shortName(name)}
    </Button>
  );
}
