/**
 * A report as plain data. Sections build it on the main thread from their reads; the PDF worker turns it
 * into pages. Only strings and numbers, so it crosses to the worker by structured clone and the worker
 * needs neither the database nor the features' code.
 */
export type ReportBlock =
  /** Running text. */
  | { kind: 'paragraph'; text: string }
  /** Said once, set apart: e.g. that the report shows only the latest entries and where the rest are. */
  | { kind: 'note'; text: string }
  /** Stands in for a list that has nothing in it. */
  | { kind: 'empty'; text: string }
  | { kind: 'keyValues'; items: { label: string; value: string }[] }
  /** Widths are CSS-like percentages of the text width ('35%'); the header repeats on every page. */
  | { kind: 'table'; columns: { title: string; width: string }[]; rows: string[][] }
  /** One contribution (a comment): a line saying who and when, then its text in full. */
  | { kind: 'entry'; meta: string; text: string };

export type ReportSection = { title: string; intro?: string; blocks: ReportBlock[] };

export type ReportModel = {
  /** Document properties a PDF reader shows. */
  info: { title: string; author: string; subject: string; creator: string };
  cover: { kicker: string; title: string; description?: string; facts: { label: string; value: string }[] };
  /** The left part of every section page's footer; the right part is "Page n of m". */
  footer: string;
  sections: ReportSection[];
};
