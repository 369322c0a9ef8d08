import { createTheme, type Theme } from '@mui/material/styles';

// The system font stack: the CSP allows no external origins, and we ship no web fonts.
const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export type ColorMode = 'light' | 'dark';

export function createAppTheme(mode: ColorMode): Theme {
  return createTheme({
    palette:
      mode === 'light'
        ? { mode, primary: { main: '#2f5bd3' }, background: { default: '#f4f6fa' } }
        : { mode, primary: { main: '#8fa9f2' }, background: { default: '#11151c', paper: '#1a1f29' } },
    typography: { fontFamily: SYSTEM_FONTS },
    shape: { borderRadius: 8 },
    components: {
      // A table wider than a phone scrolls inside its container; without a positioned container the
      // visually hidden labels in its cells (position: absolute) escape it and widen the whole page.
      MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
      // A keyboard user always sees where the focus is, in both modes; the ripple alone is too faint.
      MuiCssBaseline: {
        styleOverrides: (theme: Theme) => ({
          ':focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
  });
}

export const theme = createAppTheme('light');
