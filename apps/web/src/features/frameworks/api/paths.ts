const segment = encodeURIComponent;

/** The organization's framework endpoints. */
export const organizationPath = (organizationId: string) => `/api/organizations/${segment(organizationId)}`;

/** The platform operators' framework endpoints. */
export const PLATFORM_FRAMEWORKS_PATH = '/api/v1/platform-frameworks';

/** Public: the JSON Schema of a template file, to validate one in an editor and to read its format. */
export const TEMPLATE_SCHEMA_URL = '/api/schemas/framework-template.json';

export const frameworkSegment = (frameworkCode: string) => segment(frameworkCode);
