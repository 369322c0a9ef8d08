import type { CrosswalkEntry } from '@aegis/contracts';

/** What every node of a requirement tree reads from its framework, built once per framework. */
export type TreeContext = {
  /** An `applies_when` condition in words, or null when there is none. */
  readCondition: (condition: unknown) => string | null;
  crosswalk: Readonly<Record<string, readonly CrosswalkEntry[]>>;
  frameworkHref: (frameworkCode: string) => string;
};
