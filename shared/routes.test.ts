import { describe, expect, it } from 'vitest';
import { GROUPS, ROUTES, matchRoute, routeKey } from './routes';

describe('route table', () => {
  it('has unique route keys under /api (or the one server-rendered page, /l/{token}) with valid path syntax', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    const pages = ROUTES.filter((r) => !r.path.startsWith('/api/'));
    expect(pages.map(routeKey)).toEqual(['GET /l/{token}']);
    expect(pages.every((r) => r.auth === 'public')).toBe(true);
    for (const r of ROUTES) {
      expect(r.path).toMatch(
        r.path.startsWith('/api/') ? /^\/api(\/([a-z0-9.-]+|\{[a-zA-Z]+\+?\}))+$/ : /^\/l\/\{token\}$/,
      );
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
