// The tariffs feature's public face: other features, pages and the app import only what is listed here.
export {
  getAllRegionTariffsQueryOptions,
  getTariffFiltersQueryOptions,
  getTariffListQueryOptions,
  getTariffQueryOptions,
  TARIFFS_PAGE_SIZE,
  type Tariff,
} from './api';
export { type CostedTariff, monthlyCost, type Usage } from './calculator';
export { CalculatorPanel } from './components/calculator-panel';
export { CompareTable } from './components/compare-table';
export { FilterColumn } from './components/filter-column';
export { FilterPanel } from './components/filter-panel';
export { RegionPicker, rememberedRegion, rememberRegion } from './components/region-picker';
export { ComparedTariffs, OpenTariffModal, TariffList, TariffViewTabs } from './components/tariff-browser';
export { TariffCard } from './components/tariff-card';
export { TariffDetailModal } from './components/tariff-detail-modal';
export { UsageFields } from './components/usage-fields';
export {
  MAX_COMPARE,
  parseCompare,
  parseFilterState,
  type SortField,
  type TariffFilterState,
  writeFilterState,
} from './filter-state';
export { formatCount, formatFromPrice, formatMoney } from './format';
export { browserTimeZone, likelyRegion } from './likely-region';
export { parseOpenTariff, type TariffUrlState, useTariffUrlState } from './url-state';
export { DEFAULT_USAGE, parseUsage, writeUsage } from './usage-state';
