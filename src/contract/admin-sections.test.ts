import { describe, expect, it } from 'vitest';
import { adminQuery, adminSectionOf } from './admin-sections.ts';

describe('admin sections in the address', () => {
  it('reads a named section, and the photo work for none or an unknown name', () => {
    expect(adminSectionOf('messages')).toBe('messages');
    expect(adminSectionOf(null)).toBe('photos');
    expect(adminSectionOf('inbox')).toBe('photos');
  });

  it('names every section but the photo work, and keeps the rest of the query', () => {
    expect(adminQuery('statistics')).toBe('?tab=admin&section=statistics');
    expect(adminQuery('photos', new URLSearchParams('tab=admin&section=account&q=sea'))).toBe('?tab=admin&q=sea');
    expect(adminQuery('settings', new URLSearchParams('q=sea'))).toBe('?q=sea&tab=admin&section=settings');
  });
});
