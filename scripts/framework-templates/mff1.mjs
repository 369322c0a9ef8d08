// MFF-1 as a template: domains are sections, each control is also a requirement mapped to itself.
export function buildMff1(authored) {
  const controls = [];
  const requirements = [];
  for (const domain of authored.domains) {
    const children = [];
    for (const c of domain.controls) {
      if (!c.code.startsWith(`MFF-1.${domain.code}.`)) throw new Error(`${c.code} is not in domain ${domain.code}`);
      controls.push({
        code: c.code,
        title: c.title,
        objective: c.objective,
        guidance: c.guidance.trim(),
        evidence_examples: c.evidence_examples,
        domain: domain.code,
        lifecycle_phase: c.lifecycle_phase,
      });
      children.push({
        code: c.code,
        title: c.title,
        summary: c.objective,
        coverage: 'full',
        controls: [{ code: c.code, relationship: 'equal', source: 'author', strength: 10, rationale: 'The MFF-1 requirement is the control itself.' }],
      });
    }
    requirements.push({ code: `MFF-1.${domain.code}`, title: domain.name, summary: domain.summary, children });
  }
  const template = {
    framework_code: authored.framework_code,
    name: authored.name,
    version: authored.version,
    publisher: authored.publisher,
    description: authored.description.trim(),
    notice: authored.notice.trim(),
    project_types: ['ai_application', 'organization'],
    controls,
    requirements,
  };
  return { template, controls: new Map(controls.map((c) => [c.code, c])) };
}
