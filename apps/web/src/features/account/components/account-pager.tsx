import { Center, Pagination } from '@mantine/core';
import { useLocation } from 'wouter';
import { ACCOUNT_PAGE_SIZE } from '../api';

/** Page links of an account list; page 1 lives at the bare address. */
export function AccountPager({ base, page, totalRows }: { base: string; page: number; totalRows: number }) {
  const [, navigate] = useLocation();
  const total = Math.max(1, Math.ceil(totalRows / ACCOUNT_PAGE_SIZE));
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination
        total={total}
        value={page}
        onChange={(p) => navigate(p === 1 ? base : `${base}/${p}`)}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
        })}
        getItemProps={(p) => ({ 'aria-label': `Страница ${p}` })}
      />
    </Center>
  );
}
