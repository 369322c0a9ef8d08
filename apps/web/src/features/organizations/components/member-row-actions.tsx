import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BlockIcon from '@mui/icons-material/Block';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import type { OrganizationMember } from '@aegis/contracts';
import type { MemberAction } from '../member-abilities';
import { displayName } from './member-labels';

const ACTIONS: Record<MemberAction, { label: string; hint?: string; icon: ReactNode }> = {
  roles: { label: 'Change roles', icon: <ManageAccountsOutlinedIcon fontSize="small" /> },
  deactivate: { label: 'Deactivate', icon: <BlockIcon fontSize="small" /> },
  reactivate: { label: 'Reactivate', icon: <CheckCircleOutlinedIcon fontSize="small" /> },
  // The server keeps links only as hashes: "copy" means issuing a new one, which retires the old.
  'copy-link': { label: 'Copy new sign-up link', hint: 'The previous link stops working', icon: <ContentCopyIcon fontSize="small" /> },
  resend: { label: 'Resend invitation', hint: 'New link and expiry; shows the link', icon: <SendOutlinedIcon fontSize="small" /> },
  cancel: { label: 'Cancel invitation', icon: <CancelScheduleSendOutlinedIcon fontSize="small" /> },
};

type Props = { member: OrganizationMember; actions: MemberAction[]; onAction: (action: MemberAction, member: OrganizationMember) => void };

/** The row's menu; closing it returns focus to its button, which the dialog it opens hands focus back to. */
export function MemberRowActions({ member, actions, onAction }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  const open = anchor !== null;
  return (
    <>
      <IconButton
        aria-label={`Actions for ${displayName(member)}`}
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
            <ListItemText primary={ACTIONS[action].label} secondary={ACTIONS[action].hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
