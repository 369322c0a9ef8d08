import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/** No header, drawer or footer: the screen brings its own frame (most use CenteredPanel). */
export function PlainLayout({ children }: { children: ReactNode }) {
  const navigating = useNavigation().state === 'loading';
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {navigating && <LinearProgress aria-label="Loading the page" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'appBar' }} />}
      {children}
    </Box>
  );
}
