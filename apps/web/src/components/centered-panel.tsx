import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from './skip-link';

/** The plain layout of the public screens: one card in the middle of the page. */
export function CenteredPanel({ children, maxWidth = 420 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, outline: 'none' }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth, p: 4 }}>
        {children}
      </Paper>
    </Box>
  );
}
