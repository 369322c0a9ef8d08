import { BUILT_IN_MAPPING_SOURCES, type FrameworkDetail, type RequirementNode } from '@aegis/contracts';

type Json = Record<string, unknown>;

/** Leaves out what is empty, so the file reads like one written by hand. */
function compact(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)));
}

function requirementOf(node: RequirementNode): Json {
  return compact({
    code: node.code,
    title: node.title,
    summary: node.summary,
    reference: node.reference,
    notes: node.notes,
    applies_when: node.applies_when,
    applies_from: node.applies_from,
    coverage: node.coverage,
    coverage_note: node.coverage_note,
    controls: node.controls.map((m) =>
      compact({ code: m.control_code, relationship: m.relationship, source: m.source, rationale: m.rationale, strength: m.strength }),
    ),
    children: node.children.map(requirementOf),
  });
}

function citedSources(nodes: readonly RequirementNode[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    for (const mapping of node.controls) if (!(BUILT_IN_MAPPING_SOURCES as readonly string[]).includes(mapping.source)) found.add(mapping.source);
    citedSources(node.children, found);
  }
  return found;
}

/**
 * The framework as a template file (docs/framework-templates.md), rebuilt from what the platform shows:
 * its requirements, mappings, own controls and questionnaire. What the platform does not keep for
 * display is not in it: sources are listed by id only (their titles are lost) and `applies_from_note`
 * is missing. To upload it as an organization's own, give it a code of its own first.
 */
export function frameworkAsTemplate(detail: FrameworkDetail, schemaUrl: string): Json {
  const sources = [...citedSources(detail.requirements)].sort();
  return compact({
    $schema: schemaUrl,
    framework_code: detail.framework_code,
    name: detail.name,
    version: detail.version,
    publisher: detail.publisher,
    description: detail.description,
    url: detail.url,
    notice: detail.notice,
    project_types: detail.project_types,
    sources: sources.map((id) => ({ id, title: id })),
    questionnaire: detail.questionnaire,
    controls: detail.controls
      .filter((control) => control.defined_by === detail.framework_code)
      .map((c) => compact({ code: c.control_code, title: c.title, objective: c.objective, guidance: c.guidance, evidence_examples: c.evidence_examples, domain: c.domain, lifecycle_phase: c.lifecycle_phase })),
    requirements: detail.requirements.map(requirementOf),
  });
}

/** Saves the template as `<code>.json`. */
export function templateFile(detail: FrameworkDetail, schemaUrl: string): File {
  return new File([`${JSON.stringify(frameworkAsTemplate(detail, schemaUrl), null, 2)}\n`], `${detail.framework_code}.json`, { type: 'application/json' });
}
