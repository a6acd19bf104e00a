import { describe, expect, it } from 'vitest';
import { calls } from '../api';
import { COLLAB_PATH } from '../api/collab';
import { SERVER_PATH_SEGMENTS } from '../constants';
import { appInstallBase, appManifestPath, isServerPath } from './installable';

describe('the server\'s own addresses a service worker leaves alone (issue 38)', () => {
  it('name the first segment of every call\'s path and of the co-editing socket', () => {
    const segments = new Set([...Object.values(calls).map((call) => call.path), COLLAB_PATH].map((path) => path.split('/')[1]));
    expect([...segments].filter((segment) => !(SERVER_PATH_SEGMENTS as readonly (string | undefined)[]).includes(segment))).toEqual([]);
  });

  it('tell single sign-on\'s redirects, files and calls from an application\'s pages', () => {
    for (const path of ['/auth/sso/3/start', '/auth/sso/callback', '/get/getApp/slug/demo', '/file/download/1', '/openapi.json', '/sw.js', '/collab', '/readyz']) {
      expect(isServerPath(path), path).toBe(true);
    }
    // An application's pages, by slug or (its subdomain naming it) from the root.
    for (const path of ['/', '/demo/', '/demo/auth/login', '/demo/staff/products', '/auth/login', '/auth/register', '/auth/sso', '/auth', '/staff/products']) {
      expect(isServerPath(path), path).toBe(false);
    }
  });

  it('place the manifest under the application\'s address', () => {
    expect(appInstallBase('demo', false)).toBe('/demo/');
    expect(appManifestPath('demo', false)).toBe('/demo/manifest.webmanifest');
    expect(appManifestPath('demo', true)).toBe('/manifest.webmanifest');
  });
});
