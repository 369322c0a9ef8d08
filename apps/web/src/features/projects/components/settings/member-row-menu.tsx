import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { ProjectMember } from '@aegis/contracts';
import { memberName } from './member-name';

export type MemberAction = 'roles' | 'remove';

const ACTIONS: Record<MemberAction, { label: string; icon: ReactNode }> = {
  roles: { label: 'Change roles', icon: <ManageAccountsOutlinedIcon fontSize="small" /> },
  remove: { label: 'Remove from project', icon: <PersonRemoveOutlinedIcon fontSize="small" /> },
};

type Props = { member: ProjectMember; actions: MemberAction[]; onAction: (action: MemberAction, member: ProjectMember) => void };

/** The row's menu; closing it returns focus to its button, which the dialog it opens hands focus back to. */
export function MemberRowMenu({ member, actions, onAction }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  const open = anchor !== null;
  return (
    <>
      <IconButton
        aria-label={`Actions for ${memberName(member)}`}
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
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, member);
            }}
          >
            <ListItemIcon>{ACTIONS[action].icon}</ListItemIcon>
            <ListItemText primary={ACTIONS[action].label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
