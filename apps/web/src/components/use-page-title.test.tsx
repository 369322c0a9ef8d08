import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './use-page-title';

function Screen({ parts }: { parts: (string | undefined)[] }) {
  usePageTitle(...parts);
  return null;
}

describe('pageTitle', () => {
  it('joins the parts, most specific first, and ends with the product', () => {
    expect(pageTitle('Controls', 'Credit Scoring Model')).toBe('Controls · Credit Scoring Model · Aegis');
    expect(pageTitle()).toBe('Aegis');
  });

  it('leaves out parts not known yet', () => {
    expect(pageTitle('MFF-1.RSK.01', undefined, null, false, '  ', 'Credit Scoring Model')).toBe('MFF-1.RSK.01 · Credit Scoring Model · Aegis');
  });
});

describe('usePageTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('titles the document while the screen is shown and follows its parts', () => {
    const view = render(<Screen parts={['Controls', undefined]} />);
    expect(document.title).toBe('Controls · Aegis');
    view.rerender(<Screen parts={['Controls', 'Credit Scoring Model']} />);
    expect(document.title).toBe('Controls · Credit Scoring Model · Aegis');
    view.unmount();
    expect(document.title).toBe('Aegis');
  });

  it('lets the next screen’s title win when one screen replaces another', () => {
    const view = render(<Screen key="users" parts={['Users', 'Demo Organization']} />);
    expect(document.title).toBe('Users · Demo Organization · Aegis');
    // Another key: the first screen leaves and the second arrives in one commit.
    view.rerender(<Screen key="frameworks" parts={['Frameworks', 'Demo Organization']} />);
    expect(document.title).toBe('Frameworks · Demo Organization · Aegis');
  });
});
