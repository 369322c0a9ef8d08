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
        ? // MUI's orange (#ed6c02) is 3.1:1 on white: an outlined "Awaiting review" chip or a warning button failed WCAG's 4.5:1.
          { mode, primary: { main: '#2f5bd3' }, warning: { main: '#b45309' }, background: { default: '#f4f6fa' } }
        : // MUI's dark red (#f44336) is under 4.5:1 on the dark paper and on a dialog's lighter surface: the red
          // "Cancel review", "Remove", "Delete project"… read 5:1 or more with this one (primary and green too).
          { mode, primary: { main: '#98b0f4' }, error: { main: '#ff9a92' }, success: { main: '#81c784' }, background: { default: '#11151c', paper: '#1a1f29' } },
    typography: { fontFamily: SYSTEM_FONTS },
    shape: { borderRadius: 8 },
    components: {
      // A table wider than a phone scrolls inside its container; without a positioned container the
      // visually hidden labels in its cells (position: absolute) escape it and widen the whole page.
      MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
      // An alert's message scrolls by default (overflow: auto): a long word or a list made it a scrolling
      // region the keyboard could not reach (axe: scrollable-region-focusable). Its text wraps instead.
      MuiAlert: { styleOverrides: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
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
