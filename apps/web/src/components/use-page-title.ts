import { useEffect } from 'react';
import { PRODUCT_NAME } from '@aegis/contracts';

type TitlePart = string | null | undefined | false;

/**
 * 'Controls · Credit Scoring Model · Aegis': the most specific part first, the product last. Parts not
 * known yet (still loading) are left out rather than shown empty.
 */
export function pageTitle(...parts: TitlePart[]): string {
  const known = parts.flatMap((part) => (typeof part === 'string' && part.trim() ? [part.trim()] : []));
  return [...known, PRODUCT_NAME].join(' · ');
}

/**
 * Titles the browser tab while the screen is shown (WCAG 2.4.2), so tabs and history can be told apart.
 * Only the screen a route shows calls it, not the frames around it: a frame's effect runs after its
 * child's and would overwrite the more specific title. Leaving the screen puts back the product's name,
 * which the next screen replaces in the same commit.
 */
export function usePageTitle(...parts: TitlePart[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = PRODUCT_NAME;
    },
    [],
  );
}

/** The same, as an element: the route table titles the screens whose title depends on nothing they load. */
export function PageTitle({ title }: { title: string }): null {
  usePageTitle(title);
  return null;
}
