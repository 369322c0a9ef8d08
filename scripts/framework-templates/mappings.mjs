// Reads the authored mapping files (content/authored/mappings/*.yaml) into mapping lists.
// The line format is documented at the top of iso-42001.yaml; anything else stops the generator.
import { parse } from 'yaml';

const LINE = /^([A-Z]{3}\.\d{2})\s+(equal|subset|superset|intersect)(?:\s+(\d{1,2}))?$/;
export const DEFAULT_STRENGTH = { equal: 10, subset: 9, superset: 6, intersect: 4 };

/** One authored entry → { mappings: [{code, relationship, strength, note}], coverage?, gap?, when? } */
export function readEntry(key, value) {
  const items = Array.isArray(value) ? value : null;
  if (!items) throw new Error(`${key}: expected a list of mappings`);
  const entry = { mappings: [] };
  for (const item of items) {
    let [spec, note] = typeof item === 'string' ? [item, undefined] : single(key, item);
    // A quoted "coverage partial: gap" stays one string; split it like the unquoted form.
    if (spec.startsWith('coverage') && spec.includes(':')) [spec, note] = [spec.slice(0, spec.indexOf(':')), spec.slice(spec.indexOf(':') + 1).trim()];
    if (spec.startsWith('when:')) {
      entry.when = parse(spec.slice(5));
      continue;
    }
    if (spec.startsWith('coverage')) {
      const kind = spec.replace(/^coverage\s+/, '');
      if (kind !== 'full' && kind !== 'partial') throw new Error(`${key}: coverage must be full or partial`);
      entry.coverage = kind;
      if (note) entry.gap = note;
      continue;
    }
    const m = LINE.exec(spec.trim());
    if (!m) throw new Error(`${key}: cannot read mapping "${spec}"`);
    const strength = m[3] === undefined ? DEFAULT_STRENGTH[m[2]] : Number(m[3]);
    if (strength < 1 || strength > 10) throw new Error(`${key}: strength must be 1-10`);
    if (entry.mappings.some((x) => x.code === `MFF-1.${m[1]}`)) throw new Error(`${key}: ${m[1]} mapped twice`);
    entry.mappings.push({ code: `MFF-1.${m[1]}`, relationship: m[2], strength, note });
  }
  if (entry.mappings.length === 0) throw new Error(`${key}: maps to no control`);
  return entry;
}

function single(key, item) {
  const keys = item && typeof item === 'object' ? Object.keys(item) : [];
  if (keys.length !== 1) throw new Error(`${key}: an item is either "CODE relationship" or "CODE relationship: note"`);
  return [keys[0], String(item[keys[0]])];
}

const PHRASE = {
  equal: 'meets this requirement as it stands',
  subset: 'covers this requirement and goes further',
  superset: 'covers part of this requirement, which asks more',
  intersect: 'overlaps with this requirement',
};

const sentence = (text) => {
  const t = text.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

/** The mapping object written to a template; `extra` is a sentence on the link's source. */
export function mappingOut(m, controls, source, extra) {
  const control = controls.get(m.code);
  if (!control) throw new Error(`unknown control ${m.code}`);
  const parts = [m.note ? `${m.code} (${control.title}) ${PHRASE[m.relationship]}: ${sentence(m.note).replace(/^./, (c) => c.toLowerCase())}` : `${m.code} (${control.title}) ${PHRASE[m.relationship]}.`];
  if (extra) parts.push(extra);
  return { code: m.code, relationship: m.relationship, source, strength: m.strength, rationale: parts.join(' ') };
}

/** Requirement-level coverage: full when some control covers it whole, else what the author said. */
export function coverageOf(entry) {
  if (entry.coverage === 'partial') return { coverage: 'partial', coverage_note: entry.gap ?? 'The mapped controls cover this requirement only in part.' };
  if (entry.coverage === 'full' || entry.mappings.some((m) => m.relationship === 'equal' || m.relationship === 'subset')) return { coverage: 'full' };
  return { coverage: 'partial', coverage_note: 'Each mapped control covers part of this requirement; check the rationale of each mapping for what is left.' };
}

export function listRefs(refs) {
  return refs.length <= 1 ? refs.join('') : `${refs.slice(0, -1).join(', ')} and ${refs.at(-1)}`;
}
