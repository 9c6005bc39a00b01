import { describe, expect, it } from 'vitest';
import { convergenceServices, mediaServices } from './reference-data';

describe('services', () => {
  it.each([
    ['media', mediaServices, 8, 12],
    ['convergence', convergenceServices, 4, 6],
  ] as const)('%s services have unique ids and slugs', (_kind, services, min, max) => {
    expect(services.length).toBeGreaterThanOrEqual(min);
    expect(services.length).toBeLessThanOrEqual(max);
    expect(new Set(services.map((s) => s.id)).size).toBe(services.length);
    expect(new Set(services.map((s) => s.slug)).size).toBe(services.length);
    for (const service of services) {
      expect(service.slug).toMatch(/^[a-z0-9-]+$/);
      expect(service.description.trim()).not.toBe('');
    }
  });
});
