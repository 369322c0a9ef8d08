import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';

type Props = { person: { firstname: string; lastname: string }; isViewer: boolean };

/** The cell that names a person's row; an invitee may not have given a name yet. */
export function PersonNameCell({ person, isViewer }: Props) {
  const name = `${person.firstname} ${person.lastname}`.trim();
  return (
    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
      {name || (
        <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          No name yet
        </Typography>
      )}
      {isViewer && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' (you)'}
        </Typography>
      )}
    </TableCell>
  );
}
