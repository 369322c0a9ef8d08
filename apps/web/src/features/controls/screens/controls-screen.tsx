import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { Project } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useOrganizationTags } from '../api/list-organization-tags';
import { useControls } from '../api/list-controls';
import { hasControlFilters } from '../control-list-params';
import { useControlListParams } from '../use-control-list-params';
import { ControlCards } from '../components/control-cards';
import { ControlSortSelect } from '../components/control-sort-select';
import { ControlsFilterBar } from '../components/controls-filter-bar';
import { ControlsTable, type ControlSort } from '../components/controls-table';
import { SelectedControlsActions, useControlSelection } from '../components/selected-controls-actions';

/** project-controls: the project's controls, every filter in the URL, with bulk changes for those who may make them. */
export function ControlsScreen({ project }: { project: Project }) {
  const location = useLocation();
  const { params, search, change, clear } = useControlListParams(project.frameworks.map((framework) => framework.framework_code));
  const searchBox = useUrlSearchText();
  const controls = useControls(project.id, params);
  const organizationId = useQuery(currentUserQueryOptions()).data?.organization?.id;
  const tags = useOrganizationTags(organizationId);
  const canUpdate = project.rights.includes('controls:update');
  const selection = useControlSelection(search);
  const filtered = hasControlFilters(params);
  const sort: ControlSort = { by: params.sortBy ?? 'control_code', descending: params.sortBy ? params.descending : false };
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const onSort = (next: ControlSort) => change({ sortBy: next.by, descending: next.descending });
  const back = { label: 'Controls', pathname: location.pathname, search: location.search };
  const frameworkNames = Object.fromEntries(project.frameworks.map((framework) => [framework.framework_code, framework.name]));

  return (
    <Box component="section" aria-labelledby="controls-title">
      <SectionHeading
        id="controls-title"
        level={2}
        title="Controls"
        description="What the project does to meet its frameworks. A control is done once and counts for every requirement it satisfies."
      />
      <ControlsFilterBar
        projectId={project.id}
        frameworks={project.frameworks}
        tags={tags.data ?? []}
        tagsFailed={tags.isError}
        params={params}
        search={searchBox.text}
        onSearch={searchBox.setText}
        onChange={change}
        onClear={filtered ? clear : undefined}
      />
      {narrow && <ControlSortSelect sort={sort} onSort={onSort} />}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1, minHeight: '1.5em' }}>
        {controls.data ? `${controls.data.total} ${controls.data.total === 1 ? 'control' : 'controls'}${filtered ? (controls.data.total === 1 ? ' matches the filters' : ' match the filters') : ''}` : ''}
      </Typography>
      {canUpdate && (
        <SelectedControlsActions
          projectId={project.id}
          selection={selection}
          canAssign={project.rights.includes('controls:assignee_update')}
        />
      )}
      <PagedList
        query={controls}
        paging={{ page: params.page, size: params.size, setPaging: (page, size) => change({ page, size }) }}
        loadingLabel="Loading the controls"
        errorText="The controls could not be loaded."
        empty={
          filtered ? (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography>No controls match these filters.</Typography>
              <Button onClick={clear}>Clear filters</Button>
            </Stack>
          ) : (
            <EmptyListText>No controls yet: they arrive with the frameworks an owner applies to the project.</EmptyListText>
          )
        }
      >
        {(items) =>
          narrow ? (
            <ControlCards projectId={project.id} controls={items} selection={canUpdate ? selection : undefined} back={back} labelledBy="controls-title" frameworkNames={frameworkNames} />
          ) : (
            <ControlsTable
              projectId={project.id}
              controls={items}
              sort={sort}
              onSort={onSort}
              selection={canUpdate ? selection : undefined}
              frameworkNames={frameworkNames}
              back={back}
              labelledBy="controls-title"
            />
          )
        }
      </PagedList>
    </Box>
  );
}
