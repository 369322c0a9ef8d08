import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { getDarkMode, setDarkMode as storeDarkMode } from '../lib/session';
import { createAppTheme } from './theme';

type ColorModeValue = {
  darkMode: boolean;
  /** Switches the theme and remembers the choice. */
  setDarkMode: (on: boolean) => void;
  /** Applies the stored choice (the default layout does this when it loads). */
  restoreDarkMode: () => void;
};

const ColorModeContext = createContext<ColorModeValue | null>(null);

/** The MUI theme, light or dark, with the baseline styles; the choice is stored by lib/session. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  // Read once up front as well, so a reload in dark mode does not flash the light theme first.
  const [darkMode, setDarkModeState] = useState(getDarkMode);
  const setDarkMode = useCallback((on: boolean) => {
    storeDarkMode(on);
    setDarkModeState(on);
  }, []);
  const restoreDarkMode = useCallback(() => setDarkModeState(getDarkMode()), []);
  const theme = useMemo(() => createAppTheme(darkMode ? 'dark' : 'light'), [darkMode]);
  const value = useMemo(() => ({ darkMode, setDarkMode, restoreDarkMode }), [darkMode, setDarkMode, restoreDarkMode]);

  return (
    <ColorModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode needs a ColorModeProvider above it');
  return value;
}
