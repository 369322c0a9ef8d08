import type { z } from 'zod';

/** A problem found in a template, located by its path inside the parsed document. */
export type RawProblem = { path: readonly PropertyKey[]; message: string };

type Issue = z.core.$ZodIssue;

/**
 * zod's issues rewritten for the person who wrote the file: "is required" rather than "expected string,
 * received undefined", and of a failed union only the branch the value was evidently meant to be.
 */
export function problemsFromIssues(issues: readonly Issue[], base: readonly PropertyKey[] = []): RawProblem[] {
  return issues.flatMap((issue) => problemsFromIssue(issue, base));
}

function problemsFromIssue(issue: Issue, base: readonly PropertyKey[]): RawProblem[] {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      const branch = closestBranch(issue.errors);
      return branch ? problemsFromIssues(branch, path) : [{ path, message: issue.message }];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path: [...path, key], message: 'is not a known field' }));
    case 'invalid_type':
      return [{ path, message: /received undefined$/.test(issue.message) ? 'is required' : `must be ${article(issue.expected)}` }];
    case 'too_big':
      return [{ path, message: `must be at most ${String(issue.maximum)}${unit(issue.origin)}` }];
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return [{ path, message: 'must not be empty' }];
      return [{ path, message: `must be at least ${String(issue.minimum)}${unit(issue.origin)}` }];
    case 'invalid_value':
      return [{ path, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` }];
    case 'invalid_format':
      if (issue.format === 'date') return [{ path, message: 'must be a date (YYYY-MM-DD)' }];
      if (issue.format === 'url') return [{ path, message: 'must be a URL' }];
      return [{ path, message: issue.message }];
    default:
      return [{ path, message: issue.message }];
  }
}

/**
 * The branch with the fewest mismatches at the value itself: a wrong type there, or fields the branch
 * does not know, mean the value was meant to be another branch.
 */
function closestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  let best: readonly Issue[] | undefined;
  let bestScore = Infinity;
  for (const branch of branches) {
    let score = branch.length;
    for (const issue of branch) {
      if (issue.path.length > 0) continue;
      if (issue.code === 'invalid_type') score += 1000;
      if (issue.code === 'unrecognized_keys') score += 10 * issue.keys.length;
    }
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function unit(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** `requirements[3].controls[0]`; the document itself is `$`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '$';
}
