import type { ReactNode } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import type { OrganizationMember } from '@aegis/contracts';
import { RowActionsMenu } from '../../../components/row-actions-menu';
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

export function MemberRowActions({ member, actions, onAction }: Props) {
  const items = actions.map((action) => ({ key: action, ...ACTIONS[action], onClick: () => onAction(action, member) }));
  return <RowActionsMenu label={`Actions for ${displayName(member)}`} items={items} />;
}
