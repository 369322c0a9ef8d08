import type { AppliesWhen, TemplateRequirement } from '@aegis/contracts';
import { isApplicable, type ScopingAnswers } from '../../frameworks/applies-when';
import { BUILT_IN_TEMPLATES } from '../../frameworks/built-in-templates';

interface ArticleEntry {
  /** As the classification names it, e.g. `Art. 26`. */
  article: string;
  /** The conditions from the root down to the article. */
  conditions: (AppliesWhen | undefined)[];
  /** Its paragraphs that bind operators, each with its conditions from the root; null for an article without paragraphs. */
  paragraphs: (AppliesWhen | undefined)[][] | null;
}

/**
 * The articles of the built-in EU_AI_ACT template with their applies_when conditions, in the
 * Regulation's order. Read from the template itself so that the classification's list of applicable
 * articles and the engine's applicability of requirements never disagree.
 */
function articleEntries(requirements: readonly TemplateRequirement[]): ArticleEntry[] {
  const entries: ArticleEntry[] = [];
  const leavesOf = (node: TemplateRequirement, chain: (AppliesWhen | undefined)[]): (AppliesWhen | undefined)[][] => {
    if (node.binds === 'authorities') return [];
    const children = node.children ?? [];
    if (children.length === 0) return [chain];
    return children.flatMap((c) => leavesOf(c, [...chain, c.applies_when]));
  };
  const walk = (nodes: readonly TemplateRequirement[], above: (AppliesWhen | undefined)[]) => {
    for (const node of nodes) {
      const chain = [...above, node.applies_when];
      const match = /^Article (\S+)$/.exec(node.code);
      if (match && node.binds !== 'authorities') {
        const children = node.children ?? [];
        entries.push({ article: `Art. ${match[1]}`, conditions: chain, paragraphs: children.length === 0 ? null : children.flatMap((c) => leavesOf(c, [...chain, c.applies_when])) });
      } else if (!match) {
        walk(node.children ?? [], chain);
      }
    }
  };
  walk(requirements, []);
  return entries;
}

const ARTICLES = articleEntries(BUILT_IN_TEMPLATES.EU_AI_ACT.requirements);

/**
 * The articles that apply for these scoping answers: the article's own conditions are not false, and
 * (when it has paragraphs) at least one paragraph that binds operators applies. An answer still
 * missing keeps an article (three-valued, as the engine does).
 */
export function applicableArticles(answers: ScopingAnswers): string[] {
  return ARTICLES.filter(
    (a) => isApplicable(a.conditions, answers) && (a.paragraphs === null || a.paragraphs.some((p) => isApplicable(p, answers))),
  ).map((a) => a.article);
}
