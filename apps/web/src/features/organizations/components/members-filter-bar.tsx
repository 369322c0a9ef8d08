import { MEMBER_STATES, type MemberState } from '@aegis/contracts';
import { SearchFilterBar } from '../../../components/search-filter-bar';
import { STATE_LABELS } from './member-labels';

export type StateFilter = MemberState | 'all';

type Props = { search: string; onSearch: (search: string) => void; state: StateFilter; onState: (state: StateFilter) => void };

export function MembersFilterBar({ search, onSearch, state, onState }: Props) {
  return <SearchFilterBar search={search} onSearch={onSearch} label="State" value={state} options={MEMBER_STATES} optionLabels={STATE_LABELS} onChange={onState} />;
}
