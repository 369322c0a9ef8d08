import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { PlatformFramework } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { SectionHeading } from '../../../components/section-heading';
import { useSearchableList } from '../../../components/use-list-state';
import { usePlatformFrameworks } from '../api/list-platform-frameworks';
import { useUploadPlatformFramework } from '../api/upload-platform-framework';
import { DeletePlatformFrameworkDialog } from '../components/delete-platform-framework-dialog';
import type { FrameworksSort } from '../components/frameworks-table';
import { PlatformFrameworksTable } from '../components/platform-frameworks-table';
import { UploadTemplateDialog } from '../components/upload-template-dialog';
import { adminFrameworkPath } from '../framework-labels';
import { usePageTitle } from '../../../components/use-page-title';

/** admin-frameworks: the platform's frameworks, how widely organizations use them; upload and delete. */
export function AdminFrameworksScreen() {
  usePageTitle('Frameworks', 'Admin');
  const list = useSearchableList();
  const [sort, setSort] = useState<FrameworksSort>({ by: 'name', descending: false });
  const frameworks = usePlatformFrameworks({ name: list.name, sortBy: sort.by, descending: sort.descending, page: list.page, size: list.size });
  const upload = useUploadPlatformFramework();
  const [uploading, setUploading] = useState(false);
  const [enabledByDefault, setEnabledByDefault] = useState(false);
  const [deleting, setDeleting] = useState<PlatformFramework | null>(null);

  return (
    <Box component="section" aria-labelledby="admin-frameworks-title">
      <SectionHeading
        id="admin-frameworks-title"
        level={2}
        title="Frameworks"
        description="The frameworks the platform offers organizations: the built-in ones and those you upload. Each organization switches them on for its projects."
        action={
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={() => {
              setEnabledByDefault(false);
              setUploading(true);
            }}
            sx={{ flexShrink: 0 }}
          >
            Upload framework
          </Button>
        }
      />

      <SearchField value={list.search} onChange={list.setSearch} sx={{ mb: 2, width: { xs: '100%', sm: 320 } }} />

      <PagedList
        query={frameworks}
        paging={list}
        loadingLabel="Loading frameworks"
        errorText="The frameworks could not be loaded."
        empty={<EmptyListText>{list.name ? `No frameworks match “${list.name}”.` : 'The platform offers no frameworks yet.'}</EmptyListText>}
      >
        {(items) => <PlatformFrameworksTable frameworks={items} sort={sort} onSort={list.restart(setSort)} labelledBy="admin-frameworks-title" onDelete={setDeleting} />}
      </PagedList>

      <UploadTemplateDialog
        open={uploading}
        title="Upload a platform framework"
        upload={(file, onProgress) => upload.mutateAsync({ file, onProgress, enabledByDefault })}
        frameworkHref={adminFrameworkPath}
        options={
          <FormControlLabel
            control={<Checkbox checked={enabledByDefault} onChange={(event) => setEnabledByDefault(event.target.checked)} />}
            label="Enable for every organization by default"
          />
        }
        onClose={() => setUploading(false)}
      />
      <DeletePlatformFrameworkDialog framework={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

export default AdminFrameworksScreen;
