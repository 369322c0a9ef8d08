import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import type { Project } from '@aegis/contracts';
import { PagedList } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { useAssetCards, useAssetLineage } from '../api/asset-cards-api';
import { hasAssetFilters } from '../asset-list-params';
import { AssetCardsTable, type AssetListSort } from '../components/asset-cards-table';
import { AssetFilterBar } from '../components/asset-filter-bar';
import { ImportAssetCardDialog } from '../components/import-asset-card-dialog';
import { LineageView } from '../components/lineage-view';
import { NewAssetCardDialog } from '../components/new-asset-card-dialog';
import { useAssetListParams } from '../use-asset-list-params';

type Dialog = 'new' | 'import' | null;

function CreateActions({ onOpen }: { onOpen: (dialog: Exclude<Dialog, null>) => void }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
      <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => onOpen('import')}>
        Import a card
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen('new')}>
        New card
      </Button>
    </Stack>
  );
}

/** How the cards connect, above the list; nothing while the project has no card. */
function LineageSection({ projectId }: { projectId: string }) {
  const lineage = useAssetLineage(projectId);
  if (lineage.data && lineage.data.nodes.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="asset-lineage-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="asset-lineage-title" variant="h6" component="h3" gutterBottom>
        Lineage
      </Typography>
      {lineage.isPending && <LinearProgress aria-label="Loading the lineage" />}
      {lineage.isError && <RetryAlert onRetry={() => void lineage.refetch()}>The lineage could not be loaded.</RetryAlert>}
      {lineage.data && <LineageView projectId={projectId} lineage={lineage.data} />}
    </Paper>
  );
}

/**
 * project-assets: the project's models, datasets, systems, components and services — every filter of
 * spec section 7 in the URL, their lineage as a diagram and in words, new cards and imported ones.
 */
export function AssetCardsScreen({ project }: { project: Project }) {
  const location = useLocation();
  const { params, change, clear } = useAssetListParams();
  const searchBox = useUrlSearchText();
  const cards = useAssetCards(project.id, params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canCreate = project.rights.includes('asset_cards:create');
  const filtered = hasAssetFilters(params);
  const sort: AssetListSort = { by: params.sortBy ?? 'name', descending: params.sortBy ? params.descending : false };
  const back = { label: 'Assets', pathname: location.pathname, search: location.search };
  const total = cards.data?.total;
  // An empty project offers both actions in the middle of the list, not twice.
  const empty = total === 0 && !filtered;

  return (
    <Box component="section" aria-labelledby="assets-title">
      <SectionHeading
        id="assets-title"
        level={2}
        title="Assets"
        description="The models, datasets and systems of the project, documented as model and dataset cards: what each is for, where it comes from, what it is built from, and its limits."
        action={canCreate && !empty && <CreateActions onOpen={setDialog} />}
      />
      <LineageSection projectId={project.id} />
      <AssetFilterBar params={params} search={searchBox.text} onSearch={searchBox.setText} onChange={change} onClear={filtered ? clear : undefined} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1, minHeight: '1.5em' }}>
        {total === undefined ? '' : `${total} ${total === 1 ? 'card' : 'cards'}${filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}`}
      </Typography>
      <PagedList
        query={cards}
        paging={{ page: params.page, size: params.size, setPaging: (page, size) => change({ page, size }) }}
        loadingLabel="Loading the asset cards"
        errorText="The asset cards could not be loaded."
        empty={
          filtered ? (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography>No card matches these filters.</Typography>
              <Button onClick={clear}>Clear filters</Button>
            </Stack>
          ) : (
            <Stack spacing={1.5} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography color="text.secondary">
                No asset cards yet. Document each model, dataset and system the project uses — or bring in the model and dataset cards your team already writes (Hugging Face README.md).
              </Typography>
              {canCreate && <CreateActions onOpen={setDialog} />}
            </Stack>
          )
        }
      >
        {(items) => <AssetCardsTable projectId={project.id} cards={items} sort={sort} onSort={(next) => change({ sortBy: next.by, descending: next.descending })} back={back} labelledBy="assets-title" />}
      </PagedList>
      {canCreate && (
        <>
          <NewAssetCardDialog key={dialog === 'new' ? 'new-open' : 'new-closed'} projectId={project.id} open={dialog === 'new'} onClose={() => setDialog(null)} />
          <ImportAssetCardDialog key={dialog === 'import' ? 'import-open' : 'import-closed'} projectId={project.id} open={dialog === 'import'} onClose={() => setDialog(null)} />
        </>
      )}
    </Box>
  );
}
