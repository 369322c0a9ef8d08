import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PlatformFrameworkDetail } from '@aegis/contracts';
import { formatCount } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useTogglePlatformFramework } from '../api/toggle-platform-framework';
import { ALWAYS_ON_REASON, isAlwaysOn } from '../framework-labels';
import { EnableSwitch } from './enable-switch';

type Props = { framework: { framework_code: string; name: string }; organizations: PlatformFrameworkDetail['organizations']; labelledBy: string };

/** Which organizations have a platform framework on, with a switch for each. */
export function OrganizationEnablementTable({ framework, organizations, labelledBy }: Props) {
  const toggle = useTogglePlatformFramework();
  const pendingFor = toggle.isPending ? toggle.variables?.organizationId : undefined;
  const locked = isAlwaysOn(framework.framework_code);
  return (
    <TableContainer>
      {locked && (
        <Typography id="always-on-reason" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {ALWAYS_ON_REASON}
        </Typography>
      )}
      <Table aria-labelledby={labelledBy} size="small">
        <TableHead>
          <TableRow>
            <TableCell>Organization</TableCell>
            <TableCell align="right">Projects using it</TableCell>
            <TableCell>Enabled</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organizations.map((organization) => (
            <TableRow key={organization.organization_id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {organization.name}
              </TableCell>
              <TableCell align="right">{formatCount(organization.projects_using)}</TableCell>
              <TableCell>
                <EnableSwitch
                  frameworkCode={framework.framework_code}
                  name={`${framework.name} for ${organization.name}`}
                  enabled={organization.enabled}
                  pending={pendingFor === organization.organization_id}
                  reasonId={locked ? 'always-on-reason' : undefined}
                  onChange={(enabled) =>
                    toggle.mutate(
                      { organizationId: organization.organization_id, framework_code: framework.framework_code, enabled },
                      { onSuccess: () => notifySuccess(`${framework.name} switched ${enabled ? 'on' : 'off'} for ${organization.name}`) },
                    )
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
