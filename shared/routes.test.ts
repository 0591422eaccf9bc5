import { describe, expect, it } from 'vitest';
import { GROUPS, ROUTES, matchRoute, routeKey } from './routes';

describe('route table', () => {
  it('has unique route keys under /api with valid path syntax', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTES) {
      expect(r.path).toMatch(/^\/api(\/([a-z0-9.-]+|\{[a-zA-Z]+\+?\}))+$/);
      expect(GROUPS).toContain(r.group);
      const greedy = r.path.indexOf('+}');
      if (greedy >= 0) expect(greedy).toBe(r.path.length - 2);
    }
  });

  it('matches parameters, prefers literal segments and reports a wrong method', () => {
    const m = matchRoute('patch', '/api/users/role');
    expect(m && 'route' in m && routeKey(m.route)).toBe('PATCH /api/users/role');
    expect(matchRoute('DELETE', '/api/users/role')).toEqual({ methodNotAllowed: true });
    expect(matchRoute('GET', '/api/nothing-here')).toBeNull();
    expect(matchRoute('GET', '/api/auth/user/extra')).toBeNull();
  });
});
