import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The plain layout of the public screens: one card in the middle of the page. */
export function CenteredPanel({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        {children}
      </Paper>
    </Box>
  );
}
