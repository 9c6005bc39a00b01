import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'wouter';
import type { Usage } from './calculator';
import { MAX_COMPARE, parseCompare, parseFilterState, type TariffFilterState, writeFilterState } from './filter-state';
import { parseUsage, writeUsage } from './usage-state';

/** The tariff whose card the address opens (`?tariff=`), or undefined when it names none. */
export function parseOpenTariff(p: URLSearchParams): number | undefined {
  const id = Number(p.get('tariff'));
  return Number.isInteger(id) && id > 0 && id < 2_147_483_647 ? id : undefined;
}

/**
 * A region's tariff browser as the address holds it: filters and page, compared tariffs, the open
 * tariff, the view (list or calculator) and the monthly use, with the changes that write them back.
 * `replace` rewrites the history entry instead of adding one (the porting wizard's step).
 */
export function useTariffUrlState({ replace = false }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const state = parseFilterState(params);
  const compare = parseCompare(params);
  const view: 'list' | 'calc' = params.get('view') === 'calc' ? 'calc' : 'list';
  const openId = parseOpenTariff(params);
  const usage = parseUsage(params);

  const change = (mutate: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    mutate(next);
    setParams(next, { replace });
  };
  const setCompare = (ids: number[]) =>
    change((p) => {
      if (ids.length > 0) p.set('compare', ids.join(','));
      else p.delete('compare');
    });
  return {
    params,
    state,
    compare,
    view,
    openId,
    usage,
    change,
    /** New filters start again from the first page. */
    setFilters: (patch: Partial<TariffFilterState>) =>
      setParams(writeFilterState({ ...state, page: 1, ...patch }, params), { replace }),
    resetFilters: () => setParams(writeFilterState(parseFilterState(new URLSearchParams()), params), { replace }),
    setPage: (page: number) => setParams(writeFilterState({ ...state, page }, params), { replace }),
    setView: (next: 'list' | 'calc') =>
      change((p) => {
        if (next === 'calc') p.set('view', 'calc');
        else p.delete('view');
      }),
    setCompare,
    /** Adds or removes a tariff from the comparison; past MAX_COMPARE it says so instead. */
    toggleCompare: (id: number) => {
      if (compare.includes(id)) return setCompare(compare.filter((x) => x !== id));
      if (compare.length >= MAX_COMPARE) {
        notifications.show({ color: 'yellow', message: `Сравнить можно не больше ${MAX_COMPARE} тарифов.` });
        return;
      }
      setCompare([...compare, id]);
    },
    open: (id: number | undefined) =>
      change((p) => {
        if (id === undefined) p.delete('tariff');
        else p.set('tariff', String(id));
      }),
    setUsage: (u: Usage) =>
      change((p) => {
        writeUsage(p, u);
      }),
  };
}

export type TariffUrlState = ReturnType<typeof useTariffUrlState>;
