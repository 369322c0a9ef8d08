import { PROJECT_TYPES, type ProjectType } from '@aegis/contracts';
import { SearchFilterBar } from '../../../components/search-filter-bar';
import { PROJECT_TYPE_LABELS } from './project-labels';

export type TypeFilter = ProjectType | 'all';

type Props = { search: string; onSearch: (search: string) => void; type: TypeFilter; onType: (type: TypeFilter) => void };

export function ProjectsFilterBar({ search, onSearch, type, onType }: Props) {
  return <SearchFilterBar search={search} onSearch={onSearch} label="Type" value={type} options={PROJECT_TYPES} optionLabels={PROJECT_TYPE_LABELS} onChange={onType} />;
}
