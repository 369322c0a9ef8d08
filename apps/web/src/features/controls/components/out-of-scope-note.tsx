import Typography from '@mui/material/Typography';

/** Why an out-of-scope control is out of scope (a person's justification, or applicability's reason), under its title in the lists. */
export function OutOfScopeNote({ justification }: { justification: string | null }) {
  if (!justification) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
        Out of scope:
      </Typography>{' '}
      {justification}
    </Typography>
  );
}
