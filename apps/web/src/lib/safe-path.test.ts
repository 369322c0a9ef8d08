import { describe, expect, it } from 'vitest';
import { safeAppPath } from './safe-path';

const ORIGIN = 'https://aegis.example';

describe('safeAppPath', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(safeAppPath('/projects/project-detail/p-1/settings', ORIGIN)).toBe('/projects/project-detail/p-1/settings');
    expect(safeAppPath('/projects?page=2&sort=name#top', ORIGIN)).toBe('/projects?page=2&sort=name#top');
    expect(safeAppPath('/', ORIGIN)).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeAppPath('/projects/../organization/users', ORIGIN)).toBe('/organization/users');
    expect(safeAppPath('/../../etc', ORIGIN)).toBe('/etc');
  });

  it('refuses absolute URLs and schemes', () => {
    for (const value of ['https://evil.example/', 'http://aegis.example/projects', 'javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c']) {
      expect(safeAppPath(value, ORIGIN)).toBeNull();
    }
  });

  it('refuses protocol-relative and backslash tricks', () => {
    for (const value of ['//evil.example', '///evil.example', '/\\evil.example', '\\\\evil.example', '/projects\\..\\x', '\\/evil.example']) {
      expect(safeAppPath(value, ORIGIN)).toBeNull();
    }
  });

  it('refuses control characters the URL parser would drop', () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\u0000x', '/x\u007f']) {
      expect(safeAppPath(value, ORIGIN)).toBeNull();
    }
  });

  it('refuses relative paths, empty values, non-strings and very long values', () => {
    for (const value of ['projects', '', ' /projects', null, undefined, 42, { path: '/' }, `/${'a'.repeat(2048)}`]) {
      expect(safeAppPath(value, ORIGIN)).toBeNull();
    }
  });

  it('keeps encoded slashes encoded, so they stay one path segment', () => {
    expect(safeAppPath('/%2F%2Fevil.example', ORIGIN)).toBe('/%2F%2Fevil.example');
  });

  it('uses the page origin by default', () => {
    expect(safeAppPath('/projects')).toBe('/projects');
    expect(safeAppPath(`${window.location.origin}/projects`)).toBeNull();
  });
});
