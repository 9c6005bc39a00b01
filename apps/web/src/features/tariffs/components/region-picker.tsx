import { Select } from '@mantine/core';
import { compareRussian } from '../../../lib/collate';
import { useRegions } from '../../regions';

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

/** A searchable list of Russia's regions. */
export function RegionPicker({ value, onChange }: { value: string | undefined; onChange: (slug: string) => void }) {
  const { data: regions } = useRegions();
  return (
    <Select
      label="Регион"
      placeholder="Выберите регион"
      searchable
      nothingFoundMessage="Нет такого региона"
      data={(regions ?? [])
        .slice()
        .sort((a, b) => compareRussian(a.name, b.name))
        .map((r) => ({ value: r.slug, label: r.name }))}
      value={value ?? null}
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
