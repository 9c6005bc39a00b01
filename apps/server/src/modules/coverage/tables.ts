import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { operators } from '../operators/tables';

/** Where an operator's coverage map comes from (docs/product.md §11: source and projection kinds). */
export const coverageSources = pgTable('coverage_sources', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  /** None | Layer | GeoCollection | Reference */
  kind: text('kind').notNull(),
  /** None | Cartesian | SphericalMecrator | Wgs84Mercator */
  projection: text('projection').notNull(),
  /** Layer: XYZ tile URL template; Reference: the operator's own map page. */
  url: text('url'),
  /** GeoCollection: a GeoJSON FeatureCollection served by the API. */
  geojson: jsonb('geojson'),
});
