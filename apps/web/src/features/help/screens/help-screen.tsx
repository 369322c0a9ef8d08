import { PRODUCT_NAME } from '@aegis/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';
import { usePageTitle } from '../../../components/use-page-title';
import { RoleTable } from '../components/role-table';
import { ORGANIZATION_ROLE_GUIDE, PROJECT_ROLE_GUIDE } from '../role-guide';

/** The API reference is served by the API itself, outside the web app's routes: a full page load. */
const API_DOCS_URL = '/api/docs';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const Paragraph = ({ children }: { children: ReactNode }) => <Typography sx={{ mb: 1 }}>{children}</Typography>;

/** Where Support leads when DOCS_URL is not set: what the product is for, the roles, where to start. Public. */
export function HelpScreen() {
  usePageTitle('Help');
  return (
    <CenteredPanel maxWidth={820}>
      {/* Opened in a tab of its own, from the status page or a bookmark: always a way into the app. */}
      <Box component="nav" aria-label="Back" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBackIcon fontSize="small" aria-hidden />
          {`Back to ${PRODUCT_NAME}`}
        </Link>
      </Box>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {`${PRODUCT_NAME} help`}
      </Typography>

      <Section title={`What ${PRODUCT_NAME} is for`}>
        <Paragraph>
          {PRODUCT_NAME} is where an organization’s AI governance team keeps track of its AI systems. Each system, or each
          organization-wide effort, is a project. A project applies frameworks — the EU AI Act, ISO/IEC 42001, the NIST AI
          RMF — whose requirements and controls become the team’s work: who does what by when, what was assessed, which
          evidence shows it, and who reviewed and approved it. Every change is recorded, so an auditor can follow it.
        </Paragraph>
      </Section>

      <Section title="Where to start">
        <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
          <li>
            <Link component={RouterLink} to="/login">Sign in</Link> with the account your organization invited you with.
          </li>
          <li>
            Open <strong>Projects</strong> in the menu: you see the projects where you hold a role (admins see all of them). Create
            one with <strong>New project</strong> and choose its frameworks; you become its owner.
          </li>
          <li>
            In a project, <strong>Controls</strong> lists the work. Open a control to assign it, set its status and due date, record
            an assessment, comment, and ask for a review; an approved control is locked until it is reopened.
            <strong> Requirements</strong> shows how far each framework’s requirements are met.
          </li>
          <li>
            The bell in the header leads to your <strong>notifications</strong>: reviews waiting for you, work assigned to you.
          </li>
          <li>
            Admins invite people and give them roles under <strong>Organization</strong>, where the organization’s frameworks,
            tags and settings are kept too.
          </li>
        </Box>
      </Section>

      <Section title="Roles">
        <Paragraph>
          Everyone holds a role in their organization and a project role in each project they take part in (a person may
          hold more than one; their rights add up). The roles decide what you see and what you may change; the server checks
          them on every request.
        </Paragraph>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
          In the organization
        </Typography>
        <RoleTable caption="Organization roles" roles={ORGANIZATION_ROLE_GUIDE} />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
          In a project
        </Typography>
        <Paragraph>
          Every project role may read the whole project: its dashboard, frameworks, requirements, controls, risks, evidence,
          reviews, comments and activity log.
        </Paragraph>
        <RoleTable caption="Project roles" roles={PROJECT_ROLE_GUIDE} />
        <Typography variant="body2" color="text.secondary">
          A super admin, who runs the whole installation, may do everything in every organization.
        </Typography>
      </Section>

      <Section title="For integrators">
        <Paragraph>
          {`Everything the web app does goes through ${PRODUCT_NAME}’s REST API. Its reference, with every request and answer, is the `}
          <Link href={API_DOCS_URL}>API reference</Link> (OpenAPI 3 at <code>/api/openapi.json</code>). Scripts authenticate with a
          personal API token sent as <code>Authorization: Bearer …</code>: create one under your profile, in{' '}
          <strong>API Tokens</strong>. It is shown once, acts with your rights (never more), and can be revoked at any time.
        </Paragraph>
      </Section>

      <Section title="Service status">
        <Paragraph>
          Whether {PRODUCT_NAME} and the parts it depends on are working is shown on the{' '}
          <Link component={RouterLink} to="/status">status page</Link>.
        </Paragraph>
      </Section>
    </CenteredPanel>
  );
}

export default HelpScreen;
