// Import direction, checked by lint so that the features to come keep to it (STYLE.md, house rule 1):
// web: shared (components, lib) → features → app, and no feature imports another feature;
// API: a module reaches another module through the small services it exports, never its repository.
import path from 'node:path';

const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const API_MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;

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
  if (from.name !== to.name && /(^|\/)[^/]*repository\.ts$/.test(`${to.file}.ts`.replace(/\.ts\.ts$/, '.ts'))) {
    return `module "${from.name}" must not use the repository of module "${to.name}": call a service it exports`;
  }
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
