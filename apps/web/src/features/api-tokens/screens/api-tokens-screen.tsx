import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { ApiToken, CreatedApiToken } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { SectionHeading } from '../../../components/section-heading';
import { ActionsHeaderCell } from '../../../components/table-header-cells';
import { usePaging } from '../../../components/use-list-state';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens } from '../api/list-api-tokens';
import { CreateTokenDialog, type TokenPreset } from '../components/create-token-dialog';
import { DeleteTokenDialog } from '../components/delete-token-dialog';
import { TokenSecretDialog } from '../components/token-secret-dialog';
import { tokenScope } from '../token-scope';
import { usePageTitle } from '../../../components/use-page-title';

export function ApiTokensScreen() {
  usePageTitle('API Tokens');
  const { page, size, setPaging } = usePaging();
  // A link may ask for a token of one project and rights (`?project_id=…&rights=testing_logs:create`, the Testing
  // tab's "Create a token for this project"): the creation dialog opens with them chosen.
  const [params] = useSearchParams();
  const [preset] = useState<TokenPreset | undefined>(() => {
    const projectId = params.get('project_id');
    if (!projectId) return undefined;
    return { projectId, rightsChoice: params.get('rights') === 'testing_logs:create' ? 'push' : 'all' };
  });
  const [creating, setCreating] = useState(preset !== undefined);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const tokens = useApiTokens({ page, size });

  return (
    <Box component="section" aria-labelledby="api-tokens-title">
      <SectionHeading
        id="api-tokens-title"
        level={1}
        title="API Tokens"
        description="Personal tokens let scripts and integrations call the API as you. Treat them like passwords, and narrow a pipeline's token to one project and the rights it needs."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
            Create token
          </Button>
        }
      />

      <Paper variant="outlined">
        {tokens.isPending && <LinearProgress aria-label="Loading tokens" />}
        {tokens.isError && <Alert severity="error">The tokens could not be loaded.</Alert>}
        {tokens.data && tokens.data.total === 0 && (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>You have no API tokens yet.</Typography>
            <Typography color="text.secondary">Create one to call the API from a script or a CI pipeline.</Typography>
          </Box>
        )}
        {tokens.data && tokens.data.total > 0 && (
          <TableContainer>
            <Table aria-labelledby="api-tokens-title">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Token</TableCell>
                  <TableCell>Scope</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Last used</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {tokens.data.items.map((token) => (
                  <TableRow key={token.token_id} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{token.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>{token.prefix}…</TableCell>
                    <TableCell>{tokenScope(token)}</TableCell>
                    <TableCell>{formatDateTime(token.created_at)}</TableCell>
                    <TableCell>{token.expires_at ? formatDateTime(token.expires_at) : 'Never'}</TableCell>
                    <TableCell>{token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}</TableCell>
                    <TableCell align="right">
                      <IconButton aria-label={`Delete token ${token.name}`} onClick={() => setDeleting(token)}>
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ListPagination total={tokens.data.total} page={page} size={size} onChange={setPaging} />
          </TableContainer>
        )}
      </Paper>

      <CreateTokenDialog
        open={creating}
        preset={preset}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <TokenSecretDialog token={created} onClose={() => setCreated(null)} />
      <DeleteTokenDialog token={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

export default ApiTokensScreen;
