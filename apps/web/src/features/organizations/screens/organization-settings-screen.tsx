import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { PutOrganizationConfig } from '@aegis/contracts';
import { SectionHeading } from '../../../components/section-heading';
import { notifySuccess } from '../../../lib/notifier';
import { organizationConfigQueryOptions } from '../api/get-organization-config';
import { usePatchOrganizationConfig } from '../api/patch-organization-config';
import { ConfigFlagSwitch } from '../components/config-flag-switch';
import { RestoreDefaultsDialog } from '../components/restore-defaults-dialog';

type Flag = keyof PutOrganizationConfig;

const FLAGS: { flag: Flag; label: string; description: string }[] = [
  {
    flag: 'vendor_management_enabled_for_entire_organization',
    label: 'Vendor management',
    description: 'Track vendors, their documents and reviews; adds Vendors to the side menu.',
  },
  {
    flag: 'user_management_enabled_for_entire_organization',
    label: 'User management',
    description: 'Members who are not admins can open User Management and see who belongs to the organization.',
  },
  {
    flag: 'evidence_scoring_enabled_for_entire_organization',
    label: 'Evidence scoring',
    description: 'Score uploaded evidence against the controls it supports.',
  },
  {
    flag: 'control_assessment_enabled_for_entire_organization',
    label: 'Control assessment',
    description: 'Assess controls and record the results of each assessment.',
  },
  {
    flag: 'content_management_enabled',
    label: 'Content management',
    description: 'Manage framework content with the new framework pages.',
  },
  {
    flag: 'separation_of_duties_enabled',
    label: 'Separation of duties',
    description:
      'Nobody approves or force-approves a control they are assigned to or whose review they requested, and reopening an approved control needs the right to force a status (project owners and auditors). On by default.',
  },
];

type Props = {
  organizationId: string;
  /** config:patch: switch flags one by one. */
  canChange: boolean;
  /** config:update: put every flag back to its default. */
  canRestore: boolean;
};

/** The organization's feature flags and its separation-of-duties rule, for everyone in it. */
export function OrganizationSettingsScreen({ organizationId, canChange, canRestore }: Props) {
  const config = useQuery(organizationConfigQueryOptions(organizationId));
  const patch = usePatchOrganizationConfig(organizationId);
  const [restoring, setRestoring] = useState(false);

  const toggle = (flag: Flag, on: boolean) =>
    patch.mutate({ [flag]: on }, { onSuccess: () => notifySuccess('Settings saved') });

  return (
    <Box component="section" aria-labelledby="organization-settings-title">
      <SectionHeading
        id="organization-settings-title"
        level={2}
        title="Settings"
        description="Features available to everyone in the organization."
        action={
          canRestore && (
            <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={() => setRestoring(true)} disabled={!config.data} sx={{ flexShrink: 0 }}>
              Restore defaults
            </Button>
          )
        }
      />
      {!canChange && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can see these settings; changing them needs an organization admin.
        </Alert>
      )}
      <Paper variant="outlined">
        {config.isPending && <LinearProgress aria-label="Loading settings" />}
        {config.isError && <Alert severity="error">The settings could not be loaded.</Alert>}
        {config.data && (
          <List disablePadding aria-labelledby="organization-settings-title">
            {FLAGS.map(({ flag, label, description }) => (
              <ConfigFlagSwitch
                key={flag}
                label={label}
                description={description}
                checked={config.data[flag]}
                disabled={!canChange}
                onChange={(on) => toggle(flag, on)}
              />
            ))}
          </List>
        )}
      </Paper>
      {canRestore && <RestoreDefaultsDialog organizationId={organizationId} open={restoring} onClose={() => setRestoring(false)} />}
    </Box>
  );
}

export default OrganizationSettingsScreen;
