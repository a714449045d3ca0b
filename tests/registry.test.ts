import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../commands';
import { NODE_BY_KEY, PERMISSION_NODES } from '../commands/permissions';
import type { ScreenMap } from '../src/features/screen.types';
import { PUBLIC, SIGNED_IN } from '../src/server/http';
import { createTestApp, type TestApp } from './support/testApp';

const features = import.meta.glob<{ screens: ScreenMap }>('../src/features/*/index.ts', { eager: true });
const components: ScreenMap = Object.assign({}, ...Object.values(features).map((m) => m.screens));
const LOCALES = ['zh', 'zhTW', 'vi', 'en', 'ArEg', 'ThA', 'India'];
const catalogues = Object.fromEntries(LOCALES.map((c) => [c, JSON.parse(fs.readFileSync(path.resolve('locales', `${c}.json`), 'utf8'))]));

describe('command registry', () => {
  it('has unique ids and unique routes', () => {
    const ids = COMMANDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = COMMANDS.filter((c) => c.route).map((c) => c.route);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('never binds one hotkey twice where both are live (globals and screens everywhere, actions on their screen)', () => {
    const everywhere = COMMANDS.filter((c) => c.hotkey && (c.kind === 'screen' || c.scope === 'global')).map((c) => c.hotkey);
    expect(new Set(everywhere).size).toBe(everywhere.length);
    for (const screen of COMMANDS.filter((c) => c.kind === 'screen')) {
      const keys = COMMANDS.filter((c) => c.screen === screen.id && c.hotkey).map((c) => c.hotkey);
      expect(new Set([...keys, ...everywhere]).size, screen.id).toBe(keys.length + everywhere.length);
    }
  });

  it.each(LOCALES)('has every title in %s', (code) => {
    const missing = COMMANDS.filter((c) => !catalogues[code][c.title]).map((c) => c.title);
    expect(missing).toEqual([]);
  });

  it('gives every screen a component and a route, and every action a handler', () => {
    for (const c of COMMANDS) {
      if (c.kind === 'screen') {
        expect(c.route, c.id).toMatch(/^\//);
        expect(components[c.id], `component for ${c.id}`).toBeDefined();
      } else {
        expect(Boolean(c.api) || c.client === true, `handler for ${c.id}`).toBe(true);
        if (c.scope !== 'global') expect(COMMANDS.some((s) => s.kind === 'screen' && s.id === c.screen), `screen of ${c.id}`).toBe(true);
      }
    }
  });

  it('keeps the feature indexes to their lazy screen maps (the router imports them all into the first load)', () => {
    for (const [file, m] of Object.entries(features)) expect(Object.keys(m), file).toEqual(['screens']);
  });

  it('gives every page of the permission tree a registered screen at its route, guarded by that page (spec §2)', () => {
    const missing: string[] = [];
    for (const n of PERMISSION_NODES) {
      if (n.kind !== 'page') continue;
      const screen = COMMANDS.find((c) => c.kind === 'screen' && c.route === n.path);
      if (!screen || !components[screen.id]) missing.push(`${n.key} ${n.path}`);
      else expect(screen.permission, `${screen.id} guards ${n.key}`).toBe(n.key);
    }
    expect(missing).toEqual([]);
  });

  it('names only permission nodes that exist; screens guard pages, actions guard actions', () => {
    for (const c of COMMANDS) {
      if (c.permission === null) continue;
      const node = NODE_BY_KEY.get(c.permission);
      expect(node, `${c.id} → ${c.permission}`).toBeDefined();
      if (c.kind === 'screen') expect(node!.kind, c.id).toBe('page');
      if (c.kind === 'action') expect(node!.kind, c.id).toBe('action');
    }
  });

  it('has a title for every permission node in every language (the empower tree shows them)', () => {
    for (const code of LOCALES) {
      const missing = [...NODE_BY_KEY.values()].filter((n) => !catalogues[code][n.title]).map((n) => n.title);
      expect(missing, code).toEqual([]);
    }
  });

  describe('against the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false });
    });
    afterAll(() => t.close());

    it('each command calls a route that enforces exactly its permission', () => {
      for (const c of COMMANDS) {
        if (!c.api) continue;
        const perms = t.app.routePermissions.get(`${c.api.method} ${c.api.path}`);
        expect(perms, `route ${c.api.method} ${c.api.path} of ${c.id}`).toBeDefined();
        if (c.permission === null) expect(perms!.some((p) => p === SIGNED_IN || p === PUBLIC), c.id).toBe(true);
        else expect(perms, c.id).toContain(c.permission);
      }
    });

    it('every API route declares a permission that exists', () => {
      for (const [route, perms] of t.app.routePermissions) {
        for (const p of perms) {
          if (p === PUBLIC || p === SIGNED_IN) continue;
          expect(NODE_BY_KEY.has(p), `${route} → ${p}`).toBe(true);
        }
      }
    });
  });
});
