import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type Props = { id: string; title: string; children: ReactNode; action?: ReactNode };

/** One card of the control's page, a region named by its heading. */
export function DetailSection({ id, title, children, action }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      {action}
    </Paper>
  );
}
