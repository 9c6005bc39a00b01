import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { compareRussian } from '../../../lib/collate';
import { getRegionsQueryOptions } from '../../regions';

const REGION_KEY = 'perenos.tariffs.region';

/** The region chosen last time on this device, if the browser lets us keep it. */
export function rememberedRegion(): string | null {
  try {
    return window.localStorage.getItem(REGION_KEY);
  } catch {
    return null;
  }
}

/** Remembers the region for the next visit to /tariffs. */
export function rememberRegion(slug: string): void {
  try {
    window.localStorage.setItem(REGION_KEY, slug);
  } catch {
    // Private mode or storage off: the URL still carries the region.
  }
}

interface PickedRegion {
  slug: string;
  name: string;
}

/**
 * A searchable list of Russia's regions. On a region's page the list arrives after the page (decision 121):
 * until then the picker offers the region shown, and reads as it will once the list is there.
 */
export function RegionPicker({
  value,
  onChange,
}: {
  value: PickedRegion | undefined;
  onChange: (slug: string) => void;
}) {
  // Left to the browser on a region's page: its server draws the region shown.
  const { data: regions } = useQuery({ ...getRegionsQueryOptions(), meta: { browserOnly: true } });
  const options = useMemo(
    () =>
      (regions ?? (value ? [value] : []))
        .slice()
        .sort((a, b) => compareRussian(a.name, b.name))
        .map((r) => ({ value: r.slug, label: r.name })),
    [regions, value],
  );
  return (
    <Select
      label="Регион"
      placeholder="Выберите регион"
      searchable
      nothingFoundMessage={regions ? 'Нет такого региона' : 'Загружаем регионы…'}
      data={options}
      value={value?.slug ?? null}
      onChange={(slug) => {
        if (slug) onChange(slug);
      }}
      allowDeselect={false}
      maw={360}
      w="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
