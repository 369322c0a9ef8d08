import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { useNavigate } from 'react-router';
import type { FrameworkDetail } from '@aegis/contracts';
import { notifySuccess } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';
import { TEMPLATE_SCHEMA_URL } from '../api/paths';
import { useTogglePlatformFramework } from '../api/toggle-platform-framework';
import { isSwitchable } from '../framework-labels';
import { templateFile } from '../template-export';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { EnableSwitch } from './enable-switch';

export type FrameworkManagement = {
  /** templates:upload: switch a platform framework on or off. */
  manage: boolean;
  /** templates:delete: delete the organization's own template. */
  delete: boolean;
};

type Props = { organizationId: string; framework: FrameworkDetail; abilities: FrameworkManagement };

const schemaUrl = () => new URL(TEMPLATE_SCHEMA_URL, window.location.origin).href;

/** The new framework page's actions: switch on or off, download as a template, the format, delete. */
export function FrameworkActions({ organizationId, framework, abilities }: Props) {
  const navigate = useNavigate();
  const toggle = useTogglePlatformFramework();
  const [deleting, setDeleting] = useState(false);
  const switchable = abilities.manage && isSwitchable(framework.source);
  const own = framework.source === 'organization';

  const download = () => {
    const file = templateFile(framework, schemaUrl());
    saveFile(file, file.name);
  };
  const onSwitch = (enabled: boolean) =>
    toggle.mutate(
      { organizationId, framework_code: framework.framework_code, enabled },
      { onSuccess: () => notifySuccess(`${framework.name} switched ${enabled ? 'on' : 'off'} for your organization`) },
    );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
      {switchable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">Available to your projects:</Typography>
          <EnableSwitch frameworkCode={framework.framework_code} name={framework.name} enabled={framework.enabled} pending={toggle.isPending} onChange={onSwitch} showState />
        </Stack>
      )}
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
        Download as template (JSON)
      </Button>
      <Link href={TEMPLATE_SCHEMA_URL} target="_blank" rel="noopener" variant="body2">
        Template format (JSON Schema)
      </Link>
      {own && abilities.delete && (
        <Button color="error" variant="outlined" startIcon={<DeleteOutlinedIcon />} onClick={() => setDeleting(true)}>
          Delete template
        </Button>
      )}
      {own && abilities.delete && (
        <DeleteTemplateDialog
          organizationId={organizationId}
          framework={deleting ? framework : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/organization/frameworks', { replace: true })}
        />
      )}
    </Stack>
  );
}
