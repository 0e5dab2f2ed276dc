import { describe, expect, it } from 'vitest';
import { api, pathTo, screens } from './routes.ts';

describe('pathTo', () => {
  it('fills every named segment, encoded, and leaves a pattern without one as it is', () => {
    expect(pathTo(api.photo, { id: 3 })).toBe('/api/photos/3');
    expect(pathTo(api.messageRead, { id: 12 })).toBe('/api/messages/12/read');
    expect(pathTo(screens.userPhoto, { username: 'ana maría/x', id: 7 })).toBe('/ana%20mar%C3%ADa%2Fx/photo/7');
    expect(pathTo(api.photos)).toBe('/api/photos');
  });
});
