import { describe, expect, it } from 'vitest';
import { groupEntryPath, groupsInUse, routesOfGroup } from '../shared/routes';

describe('every group in the route table has a handler module implementing exactly its routes', () => {
  for (const group of groupsInUse()) {
    it(`${group} (${routesOfGroup(group).length} routes)`, async () => {
      // createGroupHandler throws at import time when a route is missing or extra
      const mod = await import(`../${groupEntryPath(group)}`);
      expect(typeof mod.handler).toBe('function');
    });
  }
});
