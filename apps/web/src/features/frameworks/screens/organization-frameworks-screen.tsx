import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { FrameworkSummary } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { SectionHeading } from '../../../components/section-heading';
import { useSearchableList } from '../../../components/use-list-state';
import { notifySuccess } from '../../../lib/notifier';
import { useTemplates } from '../api/list-templates';
import { useTogglePlatformFramework } from '../api/toggle-platform-framework';
import { useUploadTemplate } from '../api/upload-template';
import { DeleteTemplateDialog } from '../components/delete-template-dialog';
import { FrameworksTable, type FrameworksSort } from '../components/frameworks-table';
import { UploadTemplateDialog } from '../components/upload-template-dialog';
import { organizationFrameworkPath } from '../framework-labels';

export type OrganizationFrameworkAbilities = {
  /** templates:upload: upload own templates, see and switch the platform frameworks that are off. */
  manage: boolean;
  /** templates:delete: delete own templates. */
  delete: boolean;
};

type Props = { organizationId: string; abilities: OrganizationFrameworkAbilities };

/** organization-frameworks: what the organization can apply to its projects; admins manage it. */
export function OrganizationFrameworksScreen({ organizationId, abilities }: Props) {
  const list = useSearchableList();
  const [sort, setSort] = useState<FrameworksSort>({ by: 'name', descending: false });
  const frameworks = useTemplates(organizationId, {
    name: list.name,
    includeDisabled: abilities.manage,
    sortBy: sort.by,
    descending: sort.descending,
    page: list.page,
    size: list.size,
  });
  const upload = useUploadTemplate(organizationId);
  const toggle = useTogglePlatformFramework();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<FrameworkSummary | null>(null);

  const onSwitch = (framework: FrameworkSummary, enabled: boolean) =>
    toggle.mutate(
      { organizationId, framework_code: framework.framework_code, enabled },
      { onSuccess: () => notifySuccess(`${framework.name} switched ${enabled ? 'on' : 'off'} for your organization`) },
    );

  return (
    <Box component="section" aria-labelledby="organization-frameworks-title">
      <SectionHeading
        id="organization-frameworks-title"
        level={2}
        title="Frameworks"
        description={
          abilities.manage
            ? 'The frameworks your projects can apply: the built-in ones, those the platform offers and your own templates. Switch platform frameworks on or off (one switched off is no longer offered to projects; those that apply it keep it), and upload your own.'
            : 'The frameworks your projects can apply: the built-in ones, those the platform offers and your own templates. Organization admins manage them.'
        }
        action={
          abilities.manage && (
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} sx={{ flexShrink: 0 }}>
              Upload template
            </Button>
          )
        }
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField value={list.search} onChange={list.setSearch} sx={{ width: { xs: '100%', sm: 320 } }} />
      </Stack>

      <PagedList
        query={frameworks}
        paging={list}
        loadingLabel="Loading frameworks"
        errorText="The frameworks could not be loaded."
        empty={
          <EmptyListText>
            {list.name
              ? `No frameworks match “${list.name}”.`
              : abilities.manage
                ? 'No frameworks yet. Upload a template, or ask the platform operators to offer one.'
                : 'Your organization has no frameworks yet. An organization admin can switch them on or upload one.'}
          </EmptyListText>
        }
      >
        {(items) => (
          <FrameworksTable
            frameworks={items}
            sort={sort}
            onSort={list.restart(setSort)}
            labelledBy="organization-frameworks-title"
            canSwitch={abilities.manage}
            switching={toggle.isPending ? (toggle.variables?.framework_code ?? null) : null}
            onSwitch={onSwitch}
            canDelete={abilities.delete}
            onDelete={setDeleting}
          />
        )}
      </PagedList>

      {abilities.manage && (
        <UploadTemplateDialog
          open={uploading}
          title="Upload a template"
          upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
          frameworkHref={organizationFrameworkPath}
          onClose={() => setUploading(false)}
        />
      )}
      {abilities.delete && <DeleteTemplateDialog organizationId={organizationId} framework={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}
