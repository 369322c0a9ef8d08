import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { useExportProject } from '../../api/export-project';
import { SettingsSection } from './settings-section';

/** A PDF report of the project, downloaded under the project's name. */
export function ExportSection({ projectId }: { projectId: string }) {
  const exporting = useExportProject(projectId);
  return (
    <SettingsSection
      id="project-export"
      title="Export"
      description="Download the project as a PDF report to share or archive."
      action={
        <>
          <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} loading={exporting.isPending} loadingPosition="start" onClick={() => exporting.mutate()}>
            Export PDF
          </Button>
          <Box role="status" sx={visuallyHidden}>
            {exporting.isPending ? 'Preparing the PDF…' : ''}
          </Box>
        </>
      }
    />
  );
}
