import { describe, expect, it } from 'vitest';
import { matchPath, screens } from './routes.ts';

describe('matchPath', () => {
  it('gives the values of the pattern’s named segments', () => {
    expect(matchPath(screens.photo, '/photo/42')).toEqual({ id: '42' });
    expect(matchPath(screens.userPhoto, '/ana/photo/7')).toEqual({ username: 'ana', id: '7' });
    expect(matchPath(screens.gallery, '/g/tok_EN-123')).toEqual({ token: 'tok_EN-123' });
    expect(matchPath(screens.home, '/')).toEqual({});
  });

  it('allows one trailing slash and any letter case, and no empty segment', () => {
    expect(matchPath(screens.photo, '/photo/42/')).toEqual({ id: '42' });
    expect(matchPath(screens.login, '/LOGIN')).toEqual({});
    expect(matchPath(screens.login, '/login//')).toBeNull();
    expect(matchPath(screens.home, '//')).toBeNull();
    expect(matchPath(screens.userPhoto, '/ada//photo/1')).toBeNull();
  });

  it('refuses other lengths, other words and empty values', () => {
    expect(matchPath(screens.photo, '/photo')).toBeNull();
    expect(matchPath(screens.photo, '/photo/')).toBeNull();
    expect(matchPath(screens.photo, '/photo/1/2')).toBeNull();
    expect(matchPath(screens.photo, '/photos/1')).toBeNull();
    expect(matchPath(screens.userHome, '/')).toBeNull();
    expect(matchPath(screens.home, '/ana')).toBeNull();
  });

  it('keeps a value as the address has it, undecoded', () => {
    expect(matchPath(screens.userHome, '/an%20a')).toEqual({ username: 'an%20a' });
  });
});
