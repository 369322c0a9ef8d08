import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PersonRef } from '@aegis/contracts';

// Dark enough for white initials (4.5:1 or more), told apart by the name beside them anyway.
const AVATAR_COLOURS = ['#2f5bd3', '#7b1fa2', '#00695c', '#ad1457', '#4e342e', '#37474f', '#1565c0', '#6a1b9a'];

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

function colourOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

/** A person's initials in a circle; decorative, their name is always written beside it. */
export function PersonAvatar({ person, size = 24 }: { person: PersonRef; size?: number }) {
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: colourOf(person.id), color: '#fff' }}>
      {initialsOf(person.name || person.email)}
    </Avatar>
  );
}

type Props = {
  people: readonly PersonRef[];
  /** Shown when there is no one. */
  empty?: string;
  /** Names shown before "+n more". */
  max?: number;
  /** Each name on one line, cut short with an ellipsis and whole in its title (narrow table columns). */
  oneLine?: boolean;
};

/** People as a list's cell or a card shows them: avatar and name each, the rest counted. */
export function PeopleNames({ people, empty = 'No one', max = 3, oneLine = false }: Props) {
  if (people.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  const shown = people.slice(0, max);
  const rest = people.length - shown.length;
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {shown.map((person) => (
        <Box component="li" key={person.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <PersonAvatar person={person} />
          <Typography variant="body2" noWrap={oneLine} title={oneLine ? person.name || person.email : undefined} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {person.name || person.email}
          </Typography>
        </Box>
      ))}
      {rest > 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          +{rest} more
        </Typography>
      )}
    </Stack>
  );
}
