import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';

export type RowAction = {
  key: string;
  label: string;
  /** A second line under the label. */
  hint?: string;
  icon: ReactNode;
  onClick: () => void;
};

type Props = {
  /** The button's accessible name, e.g. "Actions for Alice". */
  label: string;
  items: readonly RowAction[];
};

/**
 * A table row's "more" button and its menu; nothing when the row offers no action. Closing the menu
 * returns focus to the button, which the dialog an item opens hands focus back to.
 */
export function RowActionsMenu({ label, items }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (items.length === 0) return null;
  const open = anchor !== null;
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.key}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} secondary={item.hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
