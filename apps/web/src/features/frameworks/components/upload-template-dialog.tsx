import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SendFile } from '../../../components/use-upload';
import { TemplateUploader } from './template-uploader';

type Props = {
  open: boolean;
  title: string;
  upload: SendFile<{ name: string; framework_code: string }>;
  frameworkHref: (frameworkCode: string) => string;
  /** Options sent with the file (the platform's "enable by default"). */
  options?: ReactNode;
  onClose: () => void;
};

/** The uploader in a dialog; it starts afresh each time it opens (its content unmounts on close). */
export function UploadTemplateDialog({ open, title, upload, frameworkHref, options, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="upload-template-title">
      <DialogTitle id="upload-template-title">{title}</DialogTitle>
      <DialogContent>
        <TemplateUploader upload={upload} frameworkHref={frameworkHref} options={options} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
