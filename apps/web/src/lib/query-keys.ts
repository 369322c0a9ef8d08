/**
 * Query keys several features share. Everything cached about a project sits under its key, so that
 * deleting or leaving the project drops it all; its logs sit under one sub-key, so that a change
 * anywhere in the project (a comment, a control) refreshes its activity.
 */
export const projectKey = (projectId: string) => ['project', projectId] as const;

export const activityKey = (projectId: string) => [...projectKey(projectId), 'logs'] as const;

/** Every organization's frameworks: a platform framework uploaded or deleted may change them all. */
export const ALL_FRAMEWORKS_KEY = ['frameworks'] as const;

/**
 * Everything cached about the frameworks an organization can use: its catalogue, each framework's
 * detail, what a new project may apply. Switching a framework on or off, uploading or deleting a
 * template refreshes it all.
 */
export const organizationFrameworksKey = (organizationId: string) => [...ALL_FRAMEWORKS_KEY, organizationId] as const;

/**
 * A project's controls, and what is derived from their statuses: the requirements (their status and
 * control counts) and the progress of each applied framework. A change to a control refreshes all three.
 */
export const controlsKey = (projectId: string) => [...projectKey(projectId), 'controls'] as const;
export const requirementsKey = (projectId: string) => [...projectKey(projectId), 'requirements'] as const;
export const projectFrameworksKey = (projectId: string) => [...projectKey(projectId), 'frameworks'] as const;

/** The signed-in user's work across projects (the home screen's card): assignments change it. */
export const myWorkKey = () => ['my-work'] as const;

/** A project's reviews (of every concept); requesting or deciding one changes the object it is about too. */
export const reviewsKey = (projectId: string) => [...projectKey(projectId), 'reviews'] as const;

/** The reviews awaiting the signed-in user across their projects (the Reviews page, the home card). */
export const myReviewsKey = () => ['my-reviews'] as const;

/** The signed-in user's notifications (the bell's list and the notifications page). */
export const notificationsKey = () => ['notifications'] as const;

/** A project's dashboard counts. */
export const projectDashboardKey = (projectId: string) => [...projectKey(projectId), 'dashboard'] as const;
