import { createTheme } from '@mui/material/styles';

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

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2f5bd3' },
    background: { default: '#f4f6fa' },
  },
  typography: { fontFamily: SYSTEM_FONTS },
  shape: { borderRadius: 8 },
});
