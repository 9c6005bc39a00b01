import { Button } from '@mantine/core';

/** The signed-in visitor's name as a button that opens «Личный кабинет» and «Выйти». */
export function AccountMenuButton({ name, onClick }: { name: string; onClick?: () => void }) {
  return (
    <Button
      variant="light"
      maw={240}
      rightSection={<span aria-hidden="true">▾</span>}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      title={name}
      onClick={onClick}
    >
      {name}
    </Button>
  );
}
