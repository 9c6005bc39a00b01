import { Box, Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Anchor, Card, Group, Stack, Text, Title } from '../components/plain';
import { QueryState } from '../components/query-state';
import { OperatorLogo } from '../features/operators';
import {
  getRegionOperatorsQueryOptions,
  getRegionsQueryOptions,
  RegionMap,
  SHADES,
  useRegions,
} from '../features/regions';
import { getBaseMapQueryOptions } from '../lib/base-map';

export const loader: PageLoader = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(getRegionsQueryOptions()),
    queryClient.prefetchQuery(getRegionOperatorsQueryOptions()),
  ]);

export default function OperatorMapPage() {
  const regions = useRegions();
  const regionOperators = useQuery(getRegionOperatorsQueryOptions());
  const baseMap = useQuery(getBaseMapQueryOptions());
  const [selected, setSelected] = useState<number | undefined>(77);
  const operatorsByRegion = new Map(regionOperators.data?.map((r) => [r.regionCode, r.operators]));
  const mapRegions =
    regions.data?.map((r) => ({ ...r, operatorCount: operatorsByRegion.get(r.code)?.length ?? 0 })) ?? [];
  const current = regions.data?.find((r) => r.code === selected);
  const currentOperators = selected === undefined ? [] : (operatorsByRegion.get(selected) ?? []);
  return (
    <Page
      title="Операторы по регионам"
      description="Карта России: сколько мобильных операторов работает в каждом регионе и какие."
      lead="Субъекты России на карте: чем темнее цвет, тем больше операторов. Выберите регион на карте или найдите его по названию, чтобы увидеть операторов. С клавиатуры — стрелками и Enter."
      size="xl"
    >
      <QueryState
        isPending={regions.isPending || regionOperators.isPending || baseMap.isPending}
        error={regions.error ?? regionOperators.error ?? baseMap.error}
      />
      {mapRegions.length > 0 && baseMap.data && (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <RegionMap baseMap={baseMap.data} regions={mapRegions} selected={selected} onSelect={setSelected} />
            <Group gap="md" mt="md" aria-label="Легенда">
              {SHADES.map((s, i) => {
                const next = SHADES[i + 1];
                const label = next
                  ? next.min - 1 === s.min
                    ? `${s.min}`
                    : `${s.min}–${next.min - 1}`
                  : `${s.min} и больше`;
                return (
                  <Group key={s.min} gap={6}>
                    <Box w={16} h={16} style={{ background: s.background, borderRadius: 3 }} />
                    <Text size="sm">{label}</Text>
                  </Group>
                );
              })}
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder padding="lg" aria-live="polite">
              {current ? (
                <Stack gap="sm">
                  <Title order={2} size="h3">
                    {current.name}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {current.federalDistrict} федеральный округ · код региона {String(current.code).padStart(2, '0')}
                  </Text>
                  {currentOperators.length === 0 ? (
                    <Text>Нет данных об операторах в этом регионе.</Text>
                  ) : (
                    <Stack gap={8}>
                      <Text fw={500}>Операторов: {currentOperators.length}</Text>
                      {currentOperators.map((op) => (
                        <Group key={op.id} gap="sm" wrap="nowrap">
                          <OperatorLogo src={op.logo} name={op.name} size={28} />
                          <Anchor component={Link} to={`/operator/${op.slug}`}>
                            {op.name}
                          </Anchor>
                        </Group>
                      ))}
                    </Stack>
                  )}
                  <Anchor component={Link} to={`/tariffs/${current.slug}`}>
                    Тарифы в регионе →
                  </Anchor>
                </Stack>
              ) : (
                <Text>Выберите регион на карте.</Text>
              )}
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}
