import { Alert, Button, Chip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GeoJsonObject } from 'geojson';
import { useState } from 'react';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Group, Stack, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { CoverageMap, getCoverageGeoJsonQueryOptions, getCoverageMapQueryOptions } from '../features/coverage';
import { OperatorLogo } from '../features/operators';
import { getBaseMapQueryOptions } from '../lib/base-map';

/**
 * The sources, their names and links: what the page shows before its scripts run. The shapes and the base
 * map are the browser's, asked for beside the map's code (features/coverage/api.ts, lib/base-map.ts).
 */
export const loader: PageLoader = async ({ queryClient }) => {
  await queryClient.prefetchQuery(getCoverageMapQueryOptions());
};

export default function CoveragePage() {
  const map = useQuery(getCoverageMapQueryOptions());
  const withMap = map.data?.sources.filter((s) => s.kind !== 'None') ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const slug = chosen ?? withMap[0]?.slug ?? null;
  const source = map.data?.sources.find((s) => s.slug === slug);
  const geojson = useQuery({
    ...getCoverageGeoJsonQueryOptions(slug ?? ''),
    enabled: source?.kind === 'GeoCollection',
  });
  const baseMap = useQuery({ ...getBaseMapQueryOptions(), enabled: !map.data?.baseMap.tileUrl });
  const withoutMap = map.data?.sources.filter((s) => s.kind === 'None') ?? [];
  return (
    <Page
      title="Карта покрытия"
      description="Карта покрытия сетей мобильных операторов России: где работает связь каждого оператора."
      lead="Где работает связь каждого оператора. Выберите оператора — зона его покрытия появится на карте."
      size="xl"
    >
      <QueryState isPending={map.isPending} error={map.error} />
      {map.data && source && (
        <Stack gap="md">
          <Chip.Group multiple={false} value={slug ?? ''} onChange={(value) => setChosen(value)}>
            <Group gap="xs" aria-label="Операторы">
              {withMap.map((s) => (
                <Chip key={s.slug} value={s.slug} variant="outline">
                  {s.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap="sm">
            <OperatorLogo src={source.logo} name={source.name} size={32} />
            <Text fw={600}>{source.name}</Text>
          </Group>
          {source.kind === 'Reference' && source.url ? (
            <Alert color="gray" title="Карта на сайте оператора">
              <Text mb="sm">{source.name} публикует карту покрытия на своём сайте.</Text>
              <Button component="a" href={source.url} target="_blank" rel="noopener noreferrer">
                Открыть карту покрытия {source.name}
              </Button>
            </Alert>
          ) : (
            <>
              {geojson.error && (
                <Alert color="red" title="Не удалось загрузить зону покрытия">
                  Попробуйте обновить страницу.
                </Alert>
              )}
              <CoverageMap
                projection={source.projection}
                color={source.color}
                geojson={source.kind === 'GeoCollection' ? (geojson.data as GeoJsonObject | undefined) : undefined}
                layerUrl={source.kind === 'Layer' ? source.url : null}
                tileUrl={map.data.baseMap.tileUrl}
                baseMap={baseMap.data}
                attribution={map.data.baseMap.attribution}
                cities={map.data.cities}
              />
              {!map.data.baseMap.tileUrl && (
                <Text size="sm" c="dimmed">
                  Границы регионов — по данным Natural Earth. Зоны покрытия — ориентировочные, точную информацию
                  уточняйте у оператора.
                </Text>
              )}
            </>
          )}
          {withoutMap.length > 0 && (
            <Text size="sm" c="dimmed">
              Нет карты покрытия: {withoutMap.map((s) => s.name).join(', ')}. Виртуальные операторы работают в сети
              своего базового оператора.
            </Text>
          )}
        </Stack>
      )}
    </Page>
  );
}
