import { useOutletContext } from 'react-router';
import type { Project } from '@aegis/contracts';

/** What the project frame hands the screen of its tab: the project it has loaded. */
export type ProjectOutletContext = { project: Project };

/** The project around this screen, as the frame loaded it (no second request, and updated with the frame). */
export const useFramedProject = (): Project => useOutletContext<ProjectOutletContext>().project;
