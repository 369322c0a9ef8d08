// A template's scoping questionnaire and the applies_when conditions it decides, from an authored file
// (content/authored/questionnaires/*.yaml: `questionnaire` and `applies_when` by requirement code).
// Checked here so that a typo stops the generator: every condition names a requirement of the tree, a
// question of the questionnaire and values among its options; a requirement listed in `fixed` (e.g.
// ISO/IEC 42001 clauses 4-10, mandatory in a management system) never gets one.

function checkCondition(condition, questions, where, problems) {
  if (condition.all || condition.any) return (condition.all ?? condition.any).forEach((c) => checkCondition(c, questions, where, problems));
  if (condition.not) return checkCondition(condition.not, questions, where, problems);
  const question = questions.get(condition.field);
  if (!question) return problems.push(`${where}: ${condition.field} is not a question of the questionnaire`);
  const values = 'in' in condition ? condition.in : [condition.equals];
  for (const value of values) if (!question.options.some((o) => o.value === value)) problems.push(`${where}: ${value} is not an option of ${condition.field}`);
}

/** The template with its questionnaire (after the top-level keys, before `requirements`) and conditions. */
export function withScoping(template, scoping, file, fixed = () => false) {
  const problems = [];
  const questions = new Map(scoping.questionnaire.map((q) => [q.id, q]));
  const conditions = new Map(Object.entries(scoping.applies_when ?? {}));
  for (const [code, condition] of conditions) checkCondition(condition, questions, `${file} ${code}`, problems);
  const seen = new Set();
  const visit = (node) => {
    const condition = conditions.get(node.code);
    const { controls, children, ...rest } = node;
    if (condition) {
      seen.add(node.code);
      if (fixed(node.code)) problems.push(`${file} ${node.code}: always applies, so it takes no condition`);
    }
    return { ...rest, ...(condition ? { applies_when: condition } : {}), ...(children ? { children: children.map(visit) } : {}), ...(controls ? { controls } : {}) };
  };
  const requirements = template.requirements.map(visit);
  for (const code of conditions.keys()) if (!seen.has(code)) problems.push(`${file}: no requirement ${code}`);
  if (problems.length) throw new Error(`${template.framework_code} scoping:\n  ${problems.join('\n  ')}`);
  const { requirements: _old, ...head } = template;
  return { ...head, questionnaire: scoping.questionnaire, requirements };
}
