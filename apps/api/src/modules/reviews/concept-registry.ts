import { AppError } from '../../lib/errors';
import type { ReviewConcept } from './review-concept';

/**
 * Every concept that can be reviewed. Each feature registers its concept when the app is composed
 * (src/composition.ts), so the reviews module never imports the features it reviews.
 */
const byName = new Map<string, ReviewConcept>();

/** Adds a concept, or replaces the one of the same name (composing the app twice keeps one of each). */
export function registerReviewConcept(concept: ReviewConcept) {
  byName.set(concept.name, concept);
}

export function conceptOrThrow(name: string): ReviewConcept {
  const concept = byName.get(name);
  if (!concept) throw new AppError(404, `Unknown review concept ${name}: known concepts are ${[...byName.keys()].join(', ')}`, 'unknown_concept');
  return concept;
}

export const reviewConcepts = () => [...byName.values()];
