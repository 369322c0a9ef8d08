import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key: jumps past the header and the menu to the screen's content. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus the target directly: a hash change would also be a router navigation.
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
