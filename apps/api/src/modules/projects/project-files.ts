/** Every stored file of an organization lives under this prefix. */
export const organizationFilePrefix = (organizationId: string) => `organizations/${organizationId}/`;

/** Every stored file of a project (evidence, asset card attachments, test artefacts) lives under this prefix. */
export const projectFilePrefix = (organizationId: string, projectId: string) => `${organizationFilePrefix(organizationId)}projects/${projectId}/`;
