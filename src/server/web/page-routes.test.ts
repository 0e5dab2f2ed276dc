import { describe, expect, it } from 'vitest';
import { matchScreen } from '#contract/routes.ts';
import { matchPageRoute } from './page-routes.ts';

describe('matchPageRoute', () => {
  it('tells the portfolio, photo pages and the fixed screens apart', () => {
    expect(matchPageRoute('/')).toEqual({ kind: 'portfolio' });
    expect(matchPageRoute('/ada')).toEqual({ kind: 'portfolio' });
    expect(matchPageRoute('/ada/')).toEqual({ kind: 'portfolio' });
    expect(matchPageRoute('/photo/12')).toEqual({ kind: 'photo', id: 12 });
    expect(matchPageRoute('/ada/photo/12')).toEqual({ kind: 'photo', id: 12 });
    expect(matchPageRoute('/login')).toEqual({ kind: 'screen', name: 'login' });
    expect(matchPageRoute('/reset-password')).toEqual({ kind: 'screen', name: 'reset-password' });
    expect(matchPageRoute('/clear-cache')).toEqual({ kind: 'screen', name: 'clear-cache' });
  });

  it('gives a photo page with a malformed id no id, so it answers "not found"', () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      expect(matchPageRoute(`/photo/${id}`)).toEqual({ kind: 'photo', id: null });
    }
  });

  it('matches no other path', () => {
    for (const path of ['/a/b/c', '/ada/photos/3', '/photo/1/extra', '//', '/ada//photo/1']) {
      expect(matchPageRoute(path)).toBeNull();
    }
  });

  it('shows the screen the client’s router shows, for every path: /LOGIN is the sign-in screen on both', () => {
    expect(matchPageRoute('/LOGIN')).toEqual({ kind: 'screen', name: 'login' });
    expect(matchPageRoute('/Photo/3')).toEqual({ kind: 'photo', id: 3 });
    const paths = ['/', '/LOGIN', '/login/', '/Forgot-Password', '/clear-cache', '/ada', '/ada/', '/ada/Photo/3', '/photo/x', '/g/tok_1', '/G/tok_1/', '/a/b/c', '//', '/ada//photo/1', '/login//'];
    const kindOf = { login: 'screen', forgotPassword: 'screen', resetPassword: 'screen', clearCache: 'screen', home: 'portfolio', userHome: 'portfolio', photo: 'photo', userPhoto: 'photo', gallery: 'gallery' } as const;
    for (const path of paths) {
      const client = matchScreen(path);
      expect(matchPageRoute(path)?.kind ?? null, path).toBe(client ? kindOf[client.screen] : null);
    }
  });
});
