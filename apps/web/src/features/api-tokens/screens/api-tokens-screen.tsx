import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { DEFAULT_PAGE_SIZE, type ApiToken, type CreatedApiToken } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens } from '../api/list-api-tokens';
import { CreateTokenDialog } from '../components/create-token-dialog';
import { DeleteTokenDialog } from '../components/delete-token-dialog';
import { TokenSecretDialog } from '../components/token-secret-dialog';

export function ApiTokensScreen() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const tokens = useApiTokens({ page, size });

  return (
    <Box component="section" aria-labelledby="api-tokens-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography id="api-tokens-title" variant="h4" component="h1">
            API Tokens
          </Typography>
          <Typography color="text.secondary">
            Personal tokens let scripts and integrations call the API as you. Treat them like passwords.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
          Create token
        </Button>
      </Stack>

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
                  <TableCell>Created</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tokens.data.items.map((token) => (
                  <TableRow key={token.token_id} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{token.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>{token.prefix}…</TableCell>
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
            <ListPagination
              total={tokens.data.total}
              page={page}
              size={size}
              onChange={(nextPage, nextSize) => {
                setPage(nextPage);
                setSize(nextSize);
              }}
            />
          </TableContainer>
        )}
      </Paper>

      <CreateTokenDialog
        open={creating}
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
