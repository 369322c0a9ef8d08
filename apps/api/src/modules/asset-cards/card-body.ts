import type { AssetCardType } from '@aegis/contracts';
import { sectionForHeading } from './card-sections';

/** A prose section of a card file that maps to none of the type's sections: kept, and written back. */
export type UnmappedSection = { heading: string; body: string };

export type CardBody = {
  /** The first `# ` heading, if any (the card's name when the front matter names none). */
  title: string | null;
  description: string;
  sections: Record<string, string>;
  unmapped: UnmappedSection[];
  /** The file line each section (and the description) starts on, for refusals. */
  lines: Record<string, number>;
};

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits a card's Markdown body into its title, description and sections, in one pass over the lines.
 * A heading (level 2 or deeper; level 1 after the title counts as 2) that names a section of the type
 * not yet seen starts it; any other level-2 heading starts an unmapped section; deeper headings that
 * start nothing stay in the text of the section they are in, as written (so "### Direct Use" under
 * "## Uses" is part of the intended use). Headings inside fenced code are text. Bodies are trimmed.
 */
export function parseCardBody(body: string, type: AssetCardType, firstLine = 1): CardBody {
  const lines = body.split('\n').map((l) => l.replace(/\r$/, ''));
  const result: CardBody = { title: null, description: '', sections: {}, unmapped: [], lines: { description: firstLine } };
  const texts: { target: string | UnmappedSection; lines: string[] }[] = [{ target: 'description', lines: [] }];
  let fence: string | null = null;
  let headingSeen = false;
  lines.forEach((line, i) => {
    const current = texts[texts.length - 1]!;
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      current.lines.push(line);
      return;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      current.lines.push(line);
      return;
    }
    const heading = HEADING.exec(line);
    if (!heading) {
      current.lines.push(line);
      return;
    }
    const text = (heading[2] ?? '').replace(/[ \t]+#+$/, '').replace(/^#+$/, '').trim();
    let level = heading[1]!.length;
    if (level === 1 && !headingSeen && result.title === null) {
      result.title = text;
      headingSeen = true;
      return;
    }
    headingSeen = true;
    if (level === 1) level = 2;
    const key = sectionForHeading(type, text);
    if (key !== undefined && !(key in result.lines)) {
      result.lines[key] = firstLine + i;
      texts.push({ target: key, lines: [] });
    } else if (level === 2) {
      const section = { heading: text, body: '' };
      result.unmapped.push(section);
      texts.push({ target: section, lines: [] });
    } else {
      current.lines.push(line);
    }
  });
  for (const { target, lines: text } of texts) {
    const value = text.join('\n').trim();
    if (target === 'description') result.description = value;
    else if (typeof target === 'string') result.sections[target] = value;
    else target.body = value;
  }
  return result;
}

/** A card's Markdown body: `# name`, the description, each section as `## heading`, then the unmapped sections. */
export function writeCardBody(name: string, description: string, sections: readonly { heading: string; body: string }[]): string {
  const blocks = [`# ${name.replace(/\s+/g, ' ')}`];
  if (description) blocks.push(description);
  for (const section of sections) blocks.push(section.body ? `## ${section.heading}\n\n${section.body}` : `## ${section.heading}`);
  return `${blocks.join('\n\n')}\n`;
}
