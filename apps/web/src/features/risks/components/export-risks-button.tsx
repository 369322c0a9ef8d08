import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useDownloadRiskRegister } from '../api/download-risk-register';

/** Downloads the whole register as CSV (every risk, whatever the filters): what an auditor asks for. */
export function ExportRisksButton({ projectId, disabled }: { projectId: string; disabled?: boolean }) {
  const download = useDownloadRiskRegister(projectId);
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} loading={download.isPending} disabled={disabled}>
      Export CSV
    </Button>
  );
}
