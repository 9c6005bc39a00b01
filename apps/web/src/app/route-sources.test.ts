import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_SOURCES } from './route-sources';
import { routeTable } from './route-table';

describe('the route sources the server links stylesheets by', () => {
  it('name the file each route of the table imports, for every route but the not-found page', () => {
    const table = readFileSync(new URL('./route-table.ts', import.meta.url), 'utf8');
    const imports = Object.fromEntries(
      [...table.matchAll(/name: '([^']+)',\s*path: '[^']+',\s*page: \(\) => import\('\.\.\/routes\/([^']+)'\)/g)].map(
        ([, name, file]) => [name, `src/routes/${file}.tsx`],
      ),
    );
    const named = routeTable.filter((def) => def.name !== 'not-found').map((def) => def.name);
    expect(Object.keys(imports).sort()).toEqual([...named].sort());
    expect(ROUTE_SOURCES).toEqual(imports);
  });
});
