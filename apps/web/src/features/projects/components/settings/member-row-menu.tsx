import type { ReactNode } from 'react';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { ProjectMember } from '@aegis/contracts';
import { RowActionsMenu } from '../../../../components/row-actions-menu';
import { memberName } from './member-name';

export type MemberAction = 'roles' | 'remove';

const ACTIONS: Record<MemberAction, { label: string; icon: ReactNode }> = {
  roles: { label: 'Change roles', icon: <ManageAccountsOutlinedIcon fontSize="small" /> },
  remove: { label: 'Remove from project', icon: <PersonRemoveOutlinedIcon fontSize="small" /> },
};

type Props = { member: ProjectMember; actions: MemberAction[]; onAction: (action: MemberAction, member: ProjectMember) => void };

export function MemberRowMenu({ member, actions, onAction }: Props) {
  const items = actions.map((action) => ({ key: action, ...ACTIONS[action], onClick: () => onAction(action, member) }));
  return <RowActionsMenu label={`Actions for ${memberName(member)}`} items={items} />;
}
