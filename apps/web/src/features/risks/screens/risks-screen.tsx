import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { WORK_ITEM_STATUSES, type Project } from '@aegis/contracts';
import { PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { useRiskHeatMap } from '../api/get-risk-heat-map';
import { useRisks } from '../api/list-risks';
import { AddRiskDialog } from '../components/add-risk-dialog';
import { ExportRisksButton } from '../components/export-risks-button';
import { RiskHeatMaps } from '../components/risk-heat-maps';
import { RisksFilterBar } from '../components/risks-filter-bar';
import { RisksTable, type RiskListSort } from '../components/risks-table';
import { hasRiskFilters, type HeatMapCell } from '../risk-list-params';
import { useRiskListParams } from '../use-risk-list-params';

const IN_SCOPE = WORK_ITEM_STATUSES.filter((status) => status !== 'out_of_scope');

/**
 * project-risks: the project's risk register — its inherent and residual heat maps (a cell filters
 * the table), every filter in the URL, sorting by score, the CSV export and adding a risk.
 */
export function RisksScreen({ project }: { project: Project }) {
  const location = useLocation();
  const { params, change, clear } = useRiskListParams();
  const searchBox = useUrlSearchText();
  const risks = useRisks(project.id, params);
  const heatMap = useRiskHeatMap(project.id);
  const [adding, setAdding] = useState(false);
  const canCreate = project.rights.includes('risks:create');
  const filtered = hasRiskFilters(params);
  const sort: RiskListSort = { by: params.sortBy ?? 'reference', descending: params.sortBy ? params.descending : false };
  const back = { label: 'Risks', pathname: location.pathname, search: location.search };

  // The maps leave out-of-scope risks out: a cell's list does too, so that it counts what the cell says.
  const selectCell = (cell: HeatMapCell) => {
    const same = params.cell?.view === cell.view && params.cell.likelihood === cell.likelihood && params.cell.impact === cell.impact;
    if (same) return change({ cell: undefined });
    if ((heatMap.data?.out_of_scope ?? 0) === 0) return change({ cell });
    const inScope = params.status.filter((status) => status !== 'out_of_scope');
    change({ cell, status: inScope.length ? inScope : IN_SCOPE });
  };

  const total = risks.data?.total;
  return (
    <Box component="section" aria-labelledby="risks-title">
      <SectionHeading
        id="risks-title"
        level={2}
        title="Risks"
        description="What could go wrong with the system, how likely and how bad it would be, and how each risk is treated."
        action={
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <ExportRisksButton projectId={project.id} disabled={heatMap.data?.total === 0} />
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                Add risk
              </Button>
            )}
          </Stack>
        }
      />
      <Paper variant="outlined" component="section" aria-labelledby="risk-heat-map-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography id="risk-heat-map-title" variant="h6" component="h3">
          Heat map
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Choose a cell to list its risks; choose it again, or clear the filter, to list them all.
        </Typography>
        <RiskHeatMaps projectId={project.id} idPrefix="risks-heat-map" selected={params.cell} action={{ onSelect: selectCell }} />
      </Paper>
      <RisksFilterBar params={params} search={searchBox.text} onSearch={searchBox.setText} onChange={change} onClear={filtered ? clear : undefined} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1, minHeight: '1.5em' }}>
        {total === undefined ? '' : `${total} ${total === 1 ? 'risk' : 'risks'}${filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}`}
      </Typography>
      <PagedList
        query={risks}
        paging={{ page: params.page, size: params.size, setPaging: (page, size) => change({ page, size }) }}
        loadingLabel="Loading the risks"
        errorText="The risks could not be loaded."
        empty={
          filtered ? (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography>No risks match these filters.</Typography>
              <Button onClick={clear}>Clear filters</Button>
            </Stack>
          ) : (
            <Stack spacing={1.5} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography color="text.secondary">
                No risks yet. Start from the risk library — bias, drift, made-up answers, privacy leaks, prompt injection, over-reliance — or describe your own.
              </Typography>
              {canCreate && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                  Add the first risk
                </Button>
              )}
            </Stack>
          )
        }
      >
        {(items) => <RisksTable projectId={project.id} risks={items} sort={sort} onSort={(next) => change({ sortBy: next.by, descending: next.descending })} back={back} labelledBy="risks-title" />}
      </PagedList>
      {canCreate && <AddRiskDialog key={adding ? 'open' : 'closed'} projectId={project.id} organizationId={project.organization_id} open={adding} onClose={() => setAdding(false)} />}
    </Box>
  );
}
