import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

/**
 * Red "Remove"/"Delete project" buttons, outlined chips ("Awaiting review") and text in a tone take the
 * tone's main colour as their text: WCAG 1.4.3 asks 4.5:1 on the page, on paper and on a dialog's surface
 * (issue 29, item 17: the orange chip was 3.1:1, dark mode's red under 4.5:1).
 */
describe('theme colours as text', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`every tone's main colour reads 4.5:1 on the ${mode} surfaces`, () => {
      const theme = createAppTheme(mode);
      // A dialog in dark mode is lighter than paper (elevation 24's overlay, about #3d4149).
      const surfaces = [theme.palette.background.default, theme.palette.background.paper, ...(mode === 'dark' ? ['#3d4149'] : [])];
      const failing = (['primary', 'error', 'warning', 'success'] as const).flatMap((tone) =>
        surfaces
          .map((surface) => ({ tone, surface, ratio: getContrastRatio(theme.palette[tone].main, surface) }))
          .filter(({ ratio }) => ratio < 4.5)
          .map(({ tone, surface, ratio }) => `${tone} ${theme.palette[tone].main} on ${surface}: ${ratio.toFixed(2)}`),
      );
      expect(failing).toEqual([]);
    });
  }
});
