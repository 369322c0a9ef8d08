import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProjectFramework, RequirementStatus } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { approvedText, StatusCountsLegend, StatusProgressBar } from '../../../components/status-progress-bar';
import { REQUIREMENTS_PAGE_SIZE, useRequirements } from '../api/list-requirements';
import { groupBySection } from '../requirement-sections';
import { RequirementItem } from './requirement-item';

type Props = { projectId: string; framework: ProjectFramework; name: string; status?: RequirementStatus };

/** The heading of a group: the sections above it, the innermost one as the heading. */
function SectionTitle({ path }: { path: string[] }) {
  if (path.length === 0) return null;
  return (
    <Box sx={{ mt: 2, mb: 0.5 }}>
      {path.length > 1 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {path.slice(0, -1).join(' › ')}
        </Typography>
      )}
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {path.at(-1)}
      </Typography>
    </Box>
  );
}

/**
 * One applied framework: its progress (its controls by status) and its requirements in the order of
 * its tree, grouped by section, fifty at a time.
 */
export function FrameworkRequirements({ projectId, framework, name, status }: Props) {
  const requirements = useRequirements(projectId, { framework: framework.framework_code, name: name || undefined, status });
  const items = requirements.data?.pages.flatMap((page) => page.items) ?? [];
  const total = requirements.data?.pages.at(-1)?.total ?? 0;
  const filtered = Boolean(name || status);
  const headingId = `framework-${framework.framework_code}`;
  const left = total - items.length;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {framework.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Version {framework.version} · {framework.requirement_count} requirements · {framework.control_count} controls
          </Typography>
        </Box>
        <Box sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {approvedText(framework.controls_by_status)}
          </Typography>
          <StatusProgressBar counts={framework.controls_by_status} height={10} />
          <Box sx={{ mt: 0.5 }}>
            <StatusCountsLegend counts={framework.controls_by_status} />
          </Box>
        </Box>
      </Stack>

      {requirements.isPending && <LinearProgress aria-label={`Loading the requirements of ${framework.name}`} />}
      {requirements.isError && items.length === 0 && <RetryAlert onRetry={() => void requirements.refetch()}>The requirements could not be loaded.</RetryAlert>}
      {requirements.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {filtered ? 'No requirement of this framework matches the filters.' : 'This framework has no requirements with controls.'}
        </Typography>
      )}
      {items.length > 0 && (
        <>
          {filtered && (
            <Typography variant="body2" color="text.secondary">
              {total} {total === 1 ? 'requirement matches' : 'requirements match'}
            </Typography>
          )}
          {groupBySection(items).map((group, index) => (
            <Box key={`${index}-${group.path.join('›')}`}>
              <SectionTitle path={group.path} />
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {group.requirements.map((requirement) => (
                  <RequirementItem key={requirement.id} projectId={projectId} requirement={requirement} />
                ))}
              </Box>
            </Box>
          ))}
        </>
      )}
      {requirements.hasNextPage && (
        <Button onClick={() => void requirements.fetchNextPage()} loading={requirements.isFetchingNextPage} sx={{ mt: 1 }}>
          Show {Math.min(left, REQUIREMENTS_PAGE_SIZE)} more ({left} left)
        </Button>
      )}
      {requirements.isFetchNextPageError && <RetryAlert onRetry={() => void requirements.fetchNextPage()}>The next requirements could not be loaded.</RetryAlert>}
    </Paper>
  );
}
