// Import direction, checked by lint so that the features to come keep to it (STYLE.md, house rule 1):
// web: shared (components, lib) → features → app, and no feature imports another feature;
// API: a module reaches another module through the small services it exports, never its repository;
// shared code (lib/, plugins/, db/, jobs/) imports no module, and a feature plugs into another module's registry
// (report sections, review concepts) only where the app is composed (src/composition.ts).
import path from 'node:path';

const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const API_SRC = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;
const API_MODULES = `${API_SRC}modules${path.sep}`;
const API_SHARED = new Set(['lib', 'plugins', 'db', 'jobs']);
/** Parts of the app beside the modules (the embedded identity provider): they use modules' services, never a repository. */
const API_SIDE = new Set(['idp']);
/** The files that compose the app: nothing below them imports them. */
const API_TOP = new Set(['app', 'composition', 'server']);
/** Folders at the top beside the composition: they may use any module's services; nothing below imports them. */
const API_TOP_FOLDERS = new Set(['demo']);
/** What a feature contributes to another module's registry: imported only by src/composition.ts. */
const REGISTRATION = /-(export-section|review-concept)$/;
const withoutExtension = (file) => file.replace(/\.(ts|js)$/, '');

/** Where a file sits: its layer and, for features and modules, their name. */
function placeOf(file) {
  const web = file.indexOf(WEB);
  if (web >= 0) {
    const [layer, name] = file.slice(web + WEB.length).split(path.sep);
    return { side: 'web', layer, name: layer === 'features' ? name : undefined };
  }
  const api = file.indexOf(API_MODULES);
  if (api >= 0) {
    const [name, ...rest] = file.slice(api + API_MODULES.length).split(path.sep);
    return { side: 'api', layer: 'modules', name, file: rest.join('/') };
  }
  const src = file.indexOf(API_SRC);
  if (src >= 0) {
    const parts = file.slice(src + API_SRC.length).split(path.sep);
    if (parts.length === 1) return { side: 'api', layer: 'top', file: withoutExtension(parts[0]) };
    if (API_TOP_FOLDERS.has(parts[0])) return { side: 'api', layer: 'top', name: parts[0], file: withoutExtension(parts.slice(1).join('/')) };
    if (API_SHARED.has(parts[0])) return { side: 'api', layer: 'shared', name: parts[0], file: withoutExtension(parts.slice(1).join('/')) };
    if (API_SIDE.has(parts[0])) return { side: 'api', layer: 'side', name: parts[0], file: withoutExtension(parts.slice(1).join('/')) };
  }
  return undefined;
}

function problem(from, to) {
  if (!from || !to || from.side !== to.side) return undefined;
  if (from.side === 'web') {
    if ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'features' || to.layer === 'app')) {
      return `shared code (${from.layer}/) must not import ${to.layer}/: move what both need into components/ or lib/`;
    }
    if (from.layer === 'features' && to.layer === 'app') return 'a feature must not import app/: app/ composes features';
    if (from.layer === 'features' && to.layer === 'features' && from.name !== to.name) {
      return `feature "${from.name}" must not import feature "${to.name}": share it through components/ or lib/, or compose both in app/`;
    }
    return undefined;
  }
  const repository = to.layer === 'modules' && /(^|\/)[^/]*repository\.ts$/.test(`${to.file}.ts`.replace(/\.ts\.ts$/, '.ts'));
  if (from.layer === 'top') {
    // The demo seeds build their data through the modules' services, as a user would: never a repository.
    if (from.name === 'demo' && repository) return `the demo seed must not use the repository of module "${to.name}": call a service it exports`;
    return undefined;
  }
  if (to.layer === 'top' && to.name) return `${from.layer}/ must not import src/${to.name}/: it sits above the features`;
  if (to.layer === 'top' && API_TOP.has(to.file)) return `${from.layer}/ must not import src/${to.file}.ts: it composes the app from them`;
  if (from.layer === 'shared' && to.layer === 'modules') {
    return `shared code (${from.name}/) must not import modules/ (module "${to.name}"): let the module plug in where the app is composed (src/composition.ts)`;
  }
  if (from.layer === 'side' && repository) return `${from.name}/ must not use the repository of module "${to.name}": call a service it exports`;
  if (from.layer !== 'modules' || to.layer !== 'modules' || from.name === to.name) return undefined;
  if (REGISTRATION.test(withoutExtension(to.file))) {
    return `module "${from.name}" must not import "${to.name}/${to.file}": a feature registers it in src/composition.ts`;
  }
  if (repository) return `module "${from.name}" must not use the repository of module "${to.name}": call a service it exports`;
  return undefined;
}

const featureBoundaries = {
  meta: { type: 'problem', docs: { description: 'Keep the import direction between layers, features and modules' }, schema: [] },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const message = problem(from, placeOf(path.resolve(path.dirname(context.filename), spec)));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
