import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { createQueryClient } from './query-client';
import { isRouteMeta, PUBLIC_ROUTE_NAMES } from './route-meta';
import { createRoutes } from './router';

function leaves(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => (route.children ? leaves(route.children) : [route]));
}

describe('the route table', () => {
  const screens = leaves(createRoutes(createQueryClient()));

  it('gives every screen its meta data and its own error boundary', () => {
    for (const route of screens) {
      expect(isRouteMeta(route.handle), route.path).toBe(true);
      expect(route.errorElement, route.path).toBeTruthy();
    }
  });

  it('marks exactly the public route names public, all on the plain layout', () => {
    const publicRoutes = screens.filter((route) => route.handle.public === true);
    expect(publicRoutes.map((route) => route.handle.name).sort()).toEqual([...PUBLIC_ROUTE_NAMES].sort());
    for (const route of publicRoutes) expect(route.handle.layout).toBe('plain');
  });

  it('names home and hides the header on not-found', () => {
    const byPath = new Map(screens.map((route) => [route.path, route.handle]));
    expect(byPath.get('/')).toMatchObject({ name: 'home', layout: 'default' });
    expect(byPath.get('/dashboard')).toMatchObject({ name: 'home', layout: 'default' });
    expect(byPath.get('/not-found')).toMatchObject({ layout: 'default', hideHeader: true });
    expect(byPath.get('*')).toMatchObject({ layout: 'default', hideHeader: true });
    expect(byPath.get('/login')).toMatchObject({ name: 'login-page' });
  });

  it('names the organization tabs', () => {
    const organization = createRoutes(createQueryClient())
      .flatMap((route) => route.children ?? [])
      .flatMap((branch) => branch.children ?? [])
      .find((route) => route.path === '/organization');
    const names = new Map((organization?.children ?? []).map((child) => [child.index ? '' : child.path, isRouteMeta(child.handle) ? child.handle.name : undefined]));
    expect(names.get('')).toBe('organization');
    expect(names.get('users')).toBe('organization-users');
    expect(names.get('settings')).toBe('organization-settings');
    expect(names.get('frameworks')).toBe('organization-frameworks');
    expect(names.get('frameworks/:frameworkCode')).toBe('organization-framework-detail');
    expect(names.get('customization')).toBe('organization-customization');
  });

  it('names the project screens', () => {
    const project = createRoutes(createQueryClient())
      .flatMap((route) => route.children ?? [])
      .flatMap((branch) => branch.children ?? [])
      .find((route) => route.path === '/projects/project-detail/:id');
    expect(isRouteMeta(project?.handle) && project.handle.name).toBe('project-detail');
    const names = new Map((project?.children ?? []).map((child) => [child.index ? '' : child.path, isRouteMeta(child.handle) ? child.handle.name : undefined]));
    expect(names.get('')).toBe('project-dashboard');
    expect(names.get('settings')).toBe('project-settings');
    expect(names.get('requirements')).toBe('project-requirements');
    expect(names.get('controls')).toBe('project-controls');
    expect(names.get('control-detail/:controlCode')).toBe('project-control-detail');
  });

  it('names the admin screens, the framework ones behind their own guard', () => {
    const admin = createRoutes(createQueryClient())
      .flatMap((route) => route.children ?? [])
      .flatMap((branch) => branch.children ?? [])
      .find((route) => route.path === '/admin');
    expect(admin?.loader).toBeTypeOf('function');
    const children = admin?.children ?? [];
    const names = new Map(children.map((child) => [child.index ? '' : child.path, isRouteMeta(child.handle) ? child.handle.name : undefined]));
    expect(names.get('')).toBe('admin-organizations');
    expect(names.get('frameworks')).toBe('admin-frameworks');
    expect(names.get('frameworks/:frameworkCode')).toBe('admin-framework-detail');
    for (const child of children.filter((c) => c.path?.startsWith('frameworks'))) expect(child.loader, child.path).toBeTypeOf('function');
  });
});
