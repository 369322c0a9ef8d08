import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type Props = { id: string; title: string; children: ReactNode; action?: ReactNode };

/**
 * One card of the control's page, a region named by its heading. The heading takes the focus when a save
 * renews the card's form (`focusSection`), so the focus never drops to the page's body.
 */
export function DetailSection({ id, title, children, action }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h3" tabIndex={-1} sx={{ mb: 1.5, '&:focus:not(:focus-visible)': { outline: 'none' } }}>
        {title}
      </Typography>
      {children}
      {action}
    </Paper>
  );
}

/** Moves the focus to a section's heading: where a person is after the form they saved is renewed. */
export function focusSection(id: string) {
  document.getElementById(id)?.focus();
}
